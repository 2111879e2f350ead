#pragma once
// A thin RAII hold on SQLite (Debian's libsqlite3): a connection, prepared statements, and
// errors as StoreError carrying SQLite's own message, so that a full disk, a read-only
// directory or a damaged file each read as what they are.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace meadow::store {

class StoreError : public std::runtime_error {
 public:
  StoreError(const std::string& what, int code) : std::runtime_error(what), code_(code) {}
  // SQLite's primary result code (SQLITE_FULL, SQLITE_READONLY, SQLITE_CORRUPT, …).
  [[nodiscard]] int code() const { return code_; }

 private:
  int code_;
};

class Statement;

class SqliteDb {
 public:
  // Opens (creating if asked) the database file. Throws StoreError.
  SqliteDb(const std::string& path, bool create);
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  // Runs SQL without results (several statements allowed). Throws StoreError.
  void exec(std::string_view sql);
  [[nodiscard]] Statement prepare(std::string_view sql);
  [[nodiscard]] std::int64_t last_insert_id() const;
  [[nodiscard]] sqlite3* handle() const { return db_; }
  // Throws StoreError with `doing` and SQLite's message when `code` is an error.
  void check(int code, std::string_view doing) const;

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

// A prepared statement; bind from 1, columns from 0. Reset after each run (step() to the end).
class Statement {
 public:
  Statement(SqliteDb& db, std::string_view sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&&) = delete;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, std::string_view text);
  Statement& bind_blob(int index, std::span<const char> bytes);
  Statement& bind_null(int index);
  // Whether a row came; false at the end (the statement is then reset for the next run).
  bool step();
  // Runs a statement without rows to its end.
  void run();
  void reset();

  [[nodiscard]] std::int64_t integer(int column) const;
  [[nodiscard]] std::string text(int column) const;
  [[nodiscard]] std::string blob(int column) const;
  [[nodiscard]] bool is_null(int column) const;

 private:
  SqliteDb* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE … COMMIT; rolled back if not committed.
class Transaction {
 public:
  explicit Transaction(SqliteDb& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  SqliteDb& db_;
  bool done_ = false;
};

}  // namespace meadow::store
