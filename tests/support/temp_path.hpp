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
#include <mutex>
#include <string>
#include <system_error>
#include <vector>

namespace meadow::testing {

namespace detail {

// Removes the temporary paths a test asked for (its servers' logs, state folders, certificates)
// once it has passed: GoogleTest says a test ended after its fixture is gone, so its servers have
// stopped by then. Test runs had left thousands of logs in /tmp. A failed test's are kept for a
// look (their contents are in its messages, their paths in their names).
class TempPathSweeper : public ::testing::EmptyTestEventListener {
 public:
  static TempPathSweeper& installed() {
    static TempPathSweeper* const sweeper = [] {
      auto* made = new TempPathSweeper;  // owned by GoogleTest's list of listeners from here on
      ::testing::UnitTest::GetInstance()->listeners().Append(made);
      return made;
    }();
    return *sweeper;
  }
  void add(const std::string& path) {
    const std::lock_guard lock(mutex_);
    paths_.push_back(path);
  }
  void OnTestEnd(const ::testing::TestInfo& test) override {
    std::vector<std::string> paths;
    {
      const std::lock_guard lock(mutex_);
      paths.swap(paths_);
    }
    if (test.result() != nullptr && test.result()->Failed()) return;
    for (const std::string& path : paths) {
      std::error_code ignored;  // already gone, or never made: nothing to do
      std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ignored);
      std::filesystem::remove_all(path, ignored);
    }
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> paths_;
};

}  // namespace detail

// TempDir()/<stem>-<pid>-<test name> (a parameterised test's '/' made '_'), removed when the test
// has passed (detail::TempPathSweeper).
inline std::string unique_temp_path(const std::string& stem) {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = test != nullptr ? std::string(test->test_suite_name()) + "." + test->name() : "no-test";
  std::replace(name.begin(), name.end(), '/', '_');
  std::string path = ::testing::TempDir() + "/" + stem + "-" + std::to_string(::getpid()) + "-" + name;
  if (test != nullptr) detail::TempPathSweeper::installed().add(path);
  return path;
}

// Writes `text` and a newline to `path`, readable and writable by its owner only (as a secret's
// file must be: the server refuses an operator token file others can read).
inline void write_secret_file(const std::string& path, const std::string& text) {
  std::ofstream(path) << text << "\n";
  std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write,
                               std::filesystem::perm_options::replace);
}

}  // namespace meadow::testing
