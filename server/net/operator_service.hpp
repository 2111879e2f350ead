#pragma once
// meadow.v1.Operator (proto/meadow/v1/operator.proto) on gRPC's callback API: one reactor per
// call. Every call checks the bearer token first; actions go through the same bounded action
// queue as the viewers' (origin: the operator) and are answered from the sim thread with what
// the meadow made of them; figures come from the hub's status snapshot. Only this file and
// operator_server.cpp include gRPC.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "meadow/v1/operator.grpc.pb.h"
#include "net/hub.hpp"
#include "net/metrics.hpp"
#include "net/operator_config.hpp"
#include "net/snapshot_control.hpp"
#include "net/action_history.hpp"
#include "net/admission.hpp"
#include "net/care_control.hpp"
#include "net/trails_control.hpp"
#include "sim/meadow.hpp"
#include "sim/settings.hpp"
#include "stream/action_queue.hpp"

namespace meadow::net {

class OperatorService final : public v1::Operator::CallbackService {
 public:
  OperatorService(const OperatorConfig& config, Hub& hub, stream::ActionQueue& actions, Metrics& metrics);

  grpc::ServerUnaryReactor* GetStatus(grpc::CallbackServerContext* context, const v1::GetStatusRequest* request,
                                      v1::Status* response) override;
  grpc::ServerUnaryReactor* ChangeSettings(grpc::CallbackServerContext* context, const v1::WorldSettings* request,
                                           v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* SetLocks(grpc::CallbackServerContext* context, const v1::Locks* request,
                                     v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* PlaceRock(grpc::CallbackServerContext* context, const v1::PlaceRockRequest* request,
                                      v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* RemoveRock(grpc::CallbackServerContext* context, const v1::RemoveRockRequest* request,
                                       v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* ClearRocks(grpc::CallbackServerContext* context, const v1::ClearRocksRequest* request,
                                       v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* RecentActions(grpc::CallbackServerContext* context, const v1::RecentActionsRequest* request,
                                          v1::RecentActionList* response) override;
  grpc::ServerUnaryReactor* Undo(grpc::CallbackServerContext* context, const v1::UndoRequest* request,
                                 v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* Rewind(grpc::CallbackServerContext* context, const v1::RewindRequest* request,
                                   v1::SnapshotReply* response) override;
  grpc::ServerUnaryReactor* LimitReplays(grpc::CallbackServerContext* context, const v1::ReplayLimitRequest* request,
                                         v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* KeepOut(grpc::CallbackServerContext* context, const v1::KeepOutRequest* request,
                                    v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* SetCare(grpc::CallbackServerContext* context, const v1::CareRequest* request,
                                    v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* Act(grpc::CallbackServerContext* context, const v1::ActRequest* request,
                                v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* Clear(grpc::CallbackServerContext* context, const v1::ClearRequest* request,
                                  v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* ListViewers(grpc::CallbackServerContext* context, const v1::ListViewersRequest* request,
                                        v1::ViewerList* response) override;
  grpc::ServerUnaryReactor* CloseViewer(grpc::CallbackServerContext* context, const v1::CloseViewerRequest* request,
                                        v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* Pause(grpc::CallbackServerContext* context, const v1::PauseRequest* request,
                                  v1::ActionReply* response) override;
  grpc::ServerUnaryReactor* Resume(grpc::CallbackServerContext* context, const v1::ResumeRequest* request,
                                   v1::ActionReply* response) override;
  grpc::ServerWriteReactor<v1::Status>* WatchStatus(grpc::CallbackServerContext* context,
                                                    const v1::WatchStatusRequest* request) override;
  grpc::ServerUnaryReactor* Save(grpc::CallbackServerContext* context, const v1::SaveRequest* request,
                                 v1::SnapshotReply* response) override;
  grpc::ServerUnaryReactor* Restore(grpc::CallbackServerContext* context, const v1::RestoreRequest* request,
                                    v1::SnapshotReply* response) override;
  grpc::ServerUnaryReactor* ListSnapshots(grpc::CallbackServerContext* context,
                                          const v1::ListSnapshotsRequest* request, v1::SnapshotList* response) override;
  grpc::ServerUnaryReactor* RecordTrails(grpc::CallbackServerContext* context, const v1::TrailsRequest* request,
                                         v1::Trails* response) override;

  // The status as the operator sees it now (also what WatchStatus streams).
  void fill_status(v1::Status& out) const;

 private:
  // False (after finishing the call with UNAUTHENTICATED and logging it) when the call lacks the
  // right "authorization: Bearer <token>".
  bool authorised(grpc::CallbackServerContext* context, grpc::ServerUnaryReactor* reactor) const;
  [[nodiscard]] bool token_matches(grpc::CallbackServerContext* context) const;
  // The world the meadow-wide actions (locks, rocks, pause, undo) are journaled against: they are
  // no one world's, and the journal has always filed them under the first.
  static constexpr sim::WorldKind kMeadowWide = sim::kAllWorldKinds.front();

  // Queues `action` for the sim thread; the call finishes when the meadow has applied it.
  grpc::ServerUnaryReactor* act(grpc::ServerUnaryReactor* reactor, sim::ActionBody body, sim::WorldKind world,
                                v1::ActionReply* response);

  // A settings change checked against its world's schema, then asked of the meadow.
  grpc::ServerUnaryReactor* change_settings(grpc::ServerUnaryReactor* reactor, std::optional<sim::SettingsChange> change,
                                            v1::ActionReply* response);

  Hub& hub_;
  stream::ActionQueue& actions_;
  Metrics& metrics_;
  const std::string expected_;  // "Bearer <token>"; empty: no token needed (insecure-local)
  const std::string server_version_;
  const std::vector<sim::SettingsSchema> settings_schemas_;
  const std::vector<sim::WorldClearables> clearables_;
  SnapshotControl* snapshots_;
  TrailsControl* trails_;
  CareControl* care_;
  ActionHistory* history_;
  Admission* admission_;
  ReplayControl* replays_;
  std::function<void(const std::string&, std::int64_t)> write_keep_out_;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace meadow::net
