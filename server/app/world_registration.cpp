#include "app/world_registration.hpp"

namespace meadow::app {

gpu::EngineChoice engine_choice(const std::string& name) {
  if (name == "cpu") return gpu::EngineChoice::kCpu;
  if (name == "gpu") return gpu::EngineChoice::kGpu;
  return gpu::EngineChoice::kAuto;
}

void add_engine_flag(CLI::App& group, std::string& engine, std::string_view world) {
  const std::string name(world);
  std::string env = "MEADOW_" + name + "_ENGINE";
  for (char& c : env) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  group
      .add_option("--" + name + "-engine", engine,
                  "The " + name + "'s engine: auto (a real GPU if present, else CPU), gpu (Vulkan on any device, "
                  "CPU-type ones too), cpu; on any GPU failure the " + name + " moves to the CPU")
      ->envname(env)
      ->check(CLI::IsMember({"auto", "gpu", "cpu"}))
      ->capture_default_str();
}

}  // namespace meadow::app
