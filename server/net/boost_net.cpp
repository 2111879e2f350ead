// Asio's and Beast's own (non-template) code, compiled once here instead of in every source file
// that includes them: the whole project builds with BOOST_ASIO_SEPARATE_COMPILATION and
// BOOST_BEAST_SEPARATE_COMPILATION (top-level CMakeLists.txt), which cut a Beast-heavy file's
// compile time by about a quarter (ws_link.cpp: 45 s → 34 s at -O3 here).
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
