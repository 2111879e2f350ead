#pragma once
// How the operator's unary calls answer early: finished with a status, or refused as invalid.
#include <grpcpp/grpcpp.h>

#include <string>

namespace meadow::net {

inline grpc::ServerUnaryReactor* finished(grpc::ServerUnaryReactor* reactor, const grpc::Status& status) {
  reactor->Finish(status);
  return reactor;
}

inline grpc::Status invalid(const std::string& why) { return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, why); }

}  // namespace meadow::net
