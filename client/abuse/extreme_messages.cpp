#include "abuse/extreme_messages.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <string>

namespace meadow::client::abuse {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// How deep into nested messages fields are walked (a ToolAction's position is one down).
constexpr int kDepth = 3;
// A string past any limit of the server's (its messages may be 16 KiB) and one within.
constexpr std::size_t kHugeString = 64 * 1024;
constexpr std::size_t kLongString = 1024;
// Elements of a long repeated field.
constexpr int kLongRepeated = 4000;

// Ways to set one field of a message to an extreme: each call sets `field` of `m` once.
using Setter = std::function<void(Message& m, const FieldDescriptor* field)>;

template <typename T>
std::vector<T> numbers() {
  std::vector<T> out{T{0}, std::numeric_limits<T>::max(), std::numeric_limits<T>::lowest()};
  if constexpr (std::numeric_limits<T>::is_signed) out.push_back(T{-1});
  if constexpr (!std::numeric_limits<T>::is_integer) {
    out.push_back(std::numeric_limits<T>::quiet_NaN());
    out.push_back(std::numeric_limits<T>::infinity());
    out.push_back(-std::numeric_limits<T>::infinity());
    out.push_back(std::numeric_limits<T>::denorm_min());
  }
  return out;
}

// The extremes of a scalar field's type, each as a setter (a repeated field gets one element,
// or kLongRepeated of them).
std::vector<Setter> scalar_setters(const FieldDescriptor* field) {
  std::vector<Setter> out;
  const auto each = [&](auto values, auto set, auto add) {
    // By value_type: a std::vector<bool>'s elements are proxies into the vector, which is gone by
    // the time a setter runs.
    using Value = typename decltype(values)::value_type;
    for (const auto& element : values) {
      const Value v = element;
      if (field->is_repeated()) {
        out.push_back([v, add](Message& m, const FieldDescriptor* f) { add(m, f, v); });
      } else {
        out.push_back([v, set](Message& m, const FieldDescriptor* f) { set(m, f, v); });
      }
    }
    if (field->is_repeated()) {
      const Value v = values.front();
      out.push_back([v, add](Message& m, const FieldDescriptor* f) {
        for (int i = 0; i < kLongRepeated; ++i) add(m, f, v);
      });
    }
  };
  const auto r = [](Message& m) { return m.GetReflection(); };
  switch (field->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32:
      each(numbers<std::int32_t>(), [r](Message& m, auto f, std::int32_t v) { r(m)->SetInt32(&m, f, v); },
           [r](Message& m, auto f, std::int32_t v) { r(m)->AddInt32(&m, f, v); });
      break;
    case FieldDescriptor::CPPTYPE_INT64:
      each(numbers<std::int64_t>(), [r](Message& m, auto f, std::int64_t v) { r(m)->SetInt64(&m, f, v); },
           [r](Message& m, auto f, std::int64_t v) { r(m)->AddInt64(&m, f, v); });
      break;
    case FieldDescriptor::CPPTYPE_UINT32:
      each(numbers<std::uint32_t>(), [r](Message& m, auto f, std::uint32_t v) { r(m)->SetUInt32(&m, f, v); },
           [r](Message& m, auto f, std::uint32_t v) { r(m)->AddUInt32(&m, f, v); });
      break;
    case FieldDescriptor::CPPTYPE_UINT64:
      each(numbers<std::uint64_t>(), [r](Message& m, auto f, std::uint64_t v) { r(m)->SetUInt64(&m, f, v); },
           [r](Message& m, auto f, std::uint64_t v) { r(m)->AddUInt64(&m, f, v); });
      break;
    case FieldDescriptor::CPPTYPE_FLOAT:
      each(numbers<float>(), [r](Message& m, auto f, float v) { r(m)->SetFloat(&m, f, v); },
           [r](Message& m, auto f, float v) { r(m)->AddFloat(&m, f, v); });
      break;
    case FieldDescriptor::CPPTYPE_DOUBLE:
      each(numbers<double>(), [r](Message& m, auto f, double v) { r(m)->SetDouble(&m, f, v); },
           [r](Message& m, auto f, double v) { r(m)->AddDouble(&m, f, v); });
      break;
    case FieldDescriptor::CPPTYPE_BOOL:
      each(std::vector<bool>{true, false}, [r](Message& m, auto f, bool v) { r(m)->SetBool(&m, f, v); },
           [r](Message& m, auto f, bool v) { r(m)->AddBool(&m, f, v); });
      break;
    case FieldDescriptor::CPPTYPE_ENUM: {
      // Every known value, and numbers no value has (proto3 keeps them).
      std::vector<int> values;
      for (int i = 0; i < field->enum_type()->value_count(); ++i) values.push_back(field->enum_type()->value(i)->number());
      for (int v : {-1, std::numeric_limits<int>::max(), std::numeric_limits<int>::min()}) values.push_back(v);
      each(values, [r](Message& m, auto f, int v) { r(m)->SetEnumValue(&m, f, v); },
           [r](Message& m, auto f, int v) { r(m)->AddEnumValue(&m, f, v); });
      break;
    }
    case FieldDescriptor::CPPTYPE_STRING:
      each(std::vector<std::string>{"", std::string(kLongString, 'x'), std::string(kHugeString, 'x')},
           [r](Message& m, auto f, const std::string& v) { r(m)->SetString(&m, f, v); },
           [r](Message& m, auto f, const std::string& v) { r(m)->AddString(&m, f, v); });
      break;
    case FieldDescriptor::CPPTYPE_MESSAGE:
      break;  // walked by the caller
  }
  return out;
}

// Every way to set one field (walking into message fields) of a message of type `type`.
std::vector<Setter> setters_of(const Descriptor* type, int depth) {
  std::vector<Setter> out;
  for (int i = 0; i < type->field_count(); ++i) {
    const FieldDescriptor* field = type->field(i);
    if (field->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) {
      for (Setter& s : scalar_setters(field)) {
        out.push_back([field, s = std::move(s)](Message& m, const FieldDescriptor*) { s(m, field); });
      }
      continue;
    }
    // The nested message empty, then each of its own fields at its extremes.
    const auto nested = [field](Message& m) -> Message* {
      const Reflection* r = m.GetReflection();
      return field->is_repeated() ? r->AddMessage(&m, field) : r->MutableMessage(&m, field);
    };
    out.push_back([nested](Message& m, const FieldDescriptor*) { (void)nested(m); });
    if (depth <= 1) continue;
    for (Setter& s : setters_of(field->message_type(), depth - 1)) {
      out.push_back([nested, s = std::move(s)](Message& m, const FieldDescriptor*) { s(*nested(m), nullptr); });
    }
  }
  return out;
}

}  // namespace

std::vector<v1::ClientMessage> extreme_messages() {
  std::vector<v1::ClientMessage> out;
  const Descriptor* client = v1::ClientMessage::descriptor();
  const google::protobuf::OneofDescriptor* body = client->FindOneofByName("body");
  for (int i = 0; i < body->field_count(); ++i) {
    const FieldDescriptor* field = body->field(i);
    v1::ClientMessage empty;
    (void)empty.GetReflection()->MutableMessage(&empty, field);
    out.push_back(empty);
    for (const Setter& s : setters_of(field->message_type(), kDepth)) {
      v1::ClientMessage m;
      s(*m.GetReflection()->MutableMessage(&m, field), nullptr);
      out.push_back(std::move(m));
    }
  }
  return out;
}

}  // namespace meadow::client::abuse
