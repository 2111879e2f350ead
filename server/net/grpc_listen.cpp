#include "net/grpc_listen.hpp"

#include <stdexcept>

namespace meadow::net {

GrpcServing listen_grpc(const GrpcListen& listen) {
  GrpcServing out;
  out.host = listen.bind_address.find(':') != std::string::npos ? "[" + listen.bind_address + "]" : listen.bind_address;
  grpc::ServerBuilder builder;
  int bound = 0;
  builder.AddListeningPort(out.host + ":" + std::to_string(listen.port), listen.credentials, &bound);
  builder.RegisterService(listen.service);
  if (listen.max_receive_bytes > 0) builder.SetMaxReceiveMessageSize(listen.max_receive_bytes);
  out.server = builder.BuildAndStart();
  if (!out.server || bound == 0) {
    throw std::runtime_error(std::string("cannot serve ") + listen.what + " on " + out.host + ":" +
                             std::to_string(listen.port) + " (address taken or not valid)");
  }
  out.port = static_cast<std::uint16_t>(bound);
  return out;
}

}  // namespace meadow::net
