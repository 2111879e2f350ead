#pragma once
// A path in the temporary directory that no other test uses at the same time. ctest runs each test
// of a binary as its own process, several at once, so a fixed name in the temporary directory is
// shared between them: one test's server read the operator token file while another test was
// rewriting it, found it empty and refused to start.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

namespace meadow::testing {

// TempDir()/<stem>-<pid>-<test name> (a parameterised test's '/' made '_').
inline std::string unique_temp_path(const std::string& stem) {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = test != nullptr ? std::string(test->test_suite_name()) + "." + test->name() : "no-test";
  std::replace(name.begin(), name.end(), '/', '_');
  return ::testing::TempDir() + "/" + stem + "-" + std::to_string(::getpid()) + "-" + name;
}

// Writes `text` and a newline to `path`, readable and writable by its owner only (as a secret's
// file must be: the server refuses an operator token file others can read).
inline void write_secret_file(const std::string& path, const std::string& text) {
  std::ofstream(path) << text << "\n";
  std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write,
                               std::filesystem::perm_options::replace);
}

}  // namespace meadow::testing
