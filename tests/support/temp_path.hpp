#pragma once
// A path in the temporary directory that no other test uses at the same time. ctest runs each test
// of a binary as its own process, several at once, so a fixed name in the temporary directory is
// shared between them: one test's server read the operator token file while another test was
// rewriting it, found it empty and refused to start.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <string>

namespace meadow::testing {

// TempDir()/<stem>-<pid>-<test name> (a parameterised test's '/' made '_').
inline std::string unique_temp_path(const std::string& stem) {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = test != nullptr ? std::string(test->test_suite_name()) + "." + test->name() : "no-test";
  std::replace(name.begin(), name.end(), '/', '_');
  return ::testing::TempDir() + "/" + stem + "-" + std::to_string(::getpid()) + "-" + name;
}

}  // namespace meadow::testing
