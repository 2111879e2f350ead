#include "store/sqlite_db.hpp"

#include <sqlite3.h>

#include <utility>

namespace meadow::store {

SqliteDb::SqliteDb(const std::string& path, bool create) : path_(path) {
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX;
  const int code = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (code != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("cannot open " + path + ": " + message, code & 0xFF);
  }
  sqlite3_extended_result_codes(db_, 0);
  // Another connection (sqlite3 by hand, a backup) may hold a lock for a moment.
  sqlite3_busy_timeout(db_, 2000);
}

SqliteDb::~SqliteDb() { sqlite3_close_v2(db_); }

void SqliteDb::check(int code, std::string_view doing) const {
  if (code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE) return;
  throw StoreError(std::string(doing) + " in " + path_ + ": " + sqlite3_errmsg(db_), code & 0xFF);
}

void SqliteDb::exec(std::string_view sql) {
  char* error = nullptr;
  const int code = sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &error);
  if (code != SQLITE_OK) {
    std::string message = error != nullptr ? error : sqlite3_errstr(code);
    sqlite3_free(error);
    throw StoreError(message + " in " + path_ + " (" + std::string(sql.substr(0, 60)) + ")", code & 0xFF);
  }
}

Statement SqliteDb::prepare(std::string_view sql) { return Statement(*this, sql); }

std::int64_t SqliteDb::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

Statement::Statement(SqliteDb& db, std::string_view sql) : db_(&db) {
  db.check(sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr),
           "preparing a statement");
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement& Statement::bind(int index, std::int64_t value) {
  db_->check(sqlite3_bind_int64(stmt_, index, value), "binding");
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  db_->check(sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT), "binding");
  return *this;
}

Statement& Statement::bind_blob(int index, std::span<const char> bytes) {
  db_->check(sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT), "binding");
  return *this;
}

Statement& Statement::bind_null(int index) {
  db_->check(sqlite3_bind_null(stmt_, index), "binding");
  return *this;
}

bool Statement::step() {
  const int code = sqlite3_step(stmt_);
  if (code == SQLITE_ROW) return true;
  sqlite3_reset(stmt_);
  if (code != SQLITE_DONE) {
    sqlite3_clear_bindings(stmt_);
    db_->check(code, "running a statement");
  }
  return false;
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

std::string Statement::text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  return p != nullptr ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
}

std::string Statement::blob(int column) const {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, column));
  return p != nullptr ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
}

bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

Transaction::Transaction(SqliteDb& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (done_) return;
  try {
    db_.exec("ROLLBACK");
  } catch (const StoreError&) {
    // SQLite may have rolled back already (a full disk does): nothing left to undo.
  }
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace meadow::store
