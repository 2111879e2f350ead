#include "gpu/vk_context.hpp"

#include <cstring>

#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>
#include <link.h>
#endif

#include "gpu/gpu_error.hpp"

namespace meadow::gpu {

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

#if defined(__SANITIZE_ADDRESS__)
// AddressSanitizer builds only (the dev preset): Vulkan drivers (lavapipe and its LLVM among
// them) make one-time allocations they never free, reachable only from the driver's own globals;
// the loader unloads the driver at vkDestroyInstance, and LeakSanitizer then reports those as
// leaks at exit. Keeping every library loaded so far in memory for good (RTLD_NODELETE) keeps
// them reachable; leaks of this code's own still show.
int pin_library(dl_phdr_info* info, std::size_t /*size*/, void* /*data*/) {
  if (info->dlpi_name != nullptr && info->dlpi_name[0] != '\0') {
    dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
  }
  return 0;
}
void keep_drivers_loaded() { dl_iterate_phdr(&pin_library, nullptr); }
#else
void keep_drivers_loaded() {}
#endif

bool has_layer(const char* name) {
  std::uint32_t n = 0;
  check(vkEnumerateInstanceLayerProperties(&n, nullptr), "vkEnumerateInstanceLayerProperties");
  std::vector<VkLayerProperties> layers(n);
  check(vkEnumerateInstanceLayerProperties(&n, layers.data()), "vkEnumerateInstanceLayerProperties");
  for (const VkLayerProperties& l : layers) {
    if (std::strcmp(l.layerName, name) == 0) return true;
  }
  return false;
}

DeviceKind kind_of(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return DeviceKind::kDiscrete;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return DeviceKind::kIntegrated;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return DeviceKind::kVirtual;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return DeviceKind::kCpu;
    default: return DeviceKind::kOther;
  }
}

// The first queue family that can run compute (compute-only families are not preferred: the
// engines submit one stream of work and wait on it).
std::optional<std::uint32_t> compute_family(VkPhysicalDevice device) {
  std::uint32_t n = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device, &n, nullptr);
  std::vector<VkQueueFamilyProperties> families(n);
  vkGetPhysicalDeviceQueueFamilyProperties(device, &n, families.data());
  for (std::uint32_t i = 0; i < n; ++i) {
    if ((families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) != 0 && families[i].queueCount > 0) return i;
  }
  return std::nullopt;
}

}  // namespace

std::string GpuError::result_name(VkResult result) {
  switch (result) {
    case VK_SUCCESS: return "VK_SUCCESS";
    case VK_NOT_READY: return "VK_NOT_READY";
    case VK_TIMEOUT: return "VK_TIMEOUT";
    case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
    case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
    case VK_ERROR_MEMORY_MAP_FAILED: return "VK_ERROR_MEMORY_MAP_FAILED";
    case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
    case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
    case VK_ERROR_FEATURE_NOT_PRESENT: return "VK_ERROR_FEATURE_NOT_PRESENT";
    case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
    case VK_ERROR_TOO_MANY_OBJECTS: return "VK_ERROR_TOO_MANY_OBJECTS";
    default: return "VkResult " + std::to_string(static_cast<int>(result));
  }
}

VulkanContext::VulkanContext(const ContextOptions& options) {
  try {
    if (options.validation && !has_layer(kValidationLayer)) {
      throw GpuError(std::string("validation asked for but ") + kValidationLayer +
                     " is not installed (Debian: vulkan-validationlayers)");
    }
    VkApplicationInfo app{};
    app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
    app.pApplicationName = "meadow";
    app.apiVersion = VK_API_VERSION_1_1;
    // The messenger is created with the instance too, so that instance creation itself is
    // validated.
    VkDebugUtilsMessengerCreateInfoEXT messenger{};
    messenger.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
    messenger.messageSeverity =
        VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT;
    messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                            VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                            VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    messenger.pfnUserCallback = &VulkanContext::on_message;
    messenger.pUserData = this;
    const char* layer = kValidationLayer;
    const char* extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    VkInstanceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
    info.pApplicationInfo = &app;
    if (options.validation) {
      info.pNext = &messenger;
      info.enabledLayerCount = 1;
      info.ppEnabledLayerNames = &layer;
      info.enabledExtensionCount = 1;
      info.ppEnabledExtensionNames = &extension;
    }
    check(vkCreateInstance(&info, nullptr, &instance_), "vkCreateInstance");
    if (options.validation) {
      const auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
          vkGetInstanceProcAddr(instance_, "vkCreateDebugUtilsMessengerEXT"));
      if (create == nullptr) throw GpuError("vkCreateDebugUtilsMessengerEXT missing");
      check(create(instance_, &messenger, nullptr, &messenger_), "vkCreateDebugUtilsMessengerEXT");
    }

    std::uint32_t n = 0;
    check(vkEnumeratePhysicalDevices(instance_, &n, nullptr), "vkEnumeratePhysicalDevices");
    std::vector<VkPhysicalDevice> devices(n);
    check(vkEnumeratePhysicalDevices(instance_, &n, devices.data()), "vkEnumeratePhysicalDevices");
    keep_drivers_loaded();  // the drivers are loaded by now
    std::vector<DeviceCandidate> candidates;
    for (VkPhysicalDevice d : devices) {
      VkPhysicalDeviceProperties p{};
      vkGetPhysicalDeviceProperties(d, &p);
      candidates.push_back({p.deviceName, kind_of(p.deviceType), compute_family(d).has_value()});
    }
    const std::optional<std::size_t> chosen = choose_device(candidates, options.allow_cpu_device);
    if (!chosen) {
      std::string seen;
      for (const DeviceCandidate& c : candidates) seen += (seen.empty() ? "" : ", ") + c.name + " (" + kind_name(c.kind) + ")";
      throw GpuError("no usable Vulkan device" + std::string(options.allow_cpu_device ? "" : " (CPU devices not allowed)") +
                     "; found: " + (seen.empty() ? "none" : seen));
    }
    physical_ = devices[*chosen];
    vkGetPhysicalDeviceProperties(physical_, &properties_);
    vkGetPhysicalDeviceMemoryProperties(physical_, &memory_);
    name_ = properties_.deviceName;
    kind_ = candidates[*chosen].kind;
    queue_family_ = *compute_family(physical_);

    const float priority = 1.0F;
    VkDeviceQueueCreateInfo queue{};
    queue.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
    queue.queueFamilyIndex = queue_family_;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    VkDeviceCreateInfo device_info{};
    device_info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
    device_info.queueCreateInfoCount = 1;
    device_info.pQueueCreateInfos = &queue;
    check(vkCreateDevice(physical_, &device_info, nullptr, &device_), "vkCreateDevice");
    vkGetDeviceQueue(device_, queue_family_, 0, &queue_);

    VkCommandPoolCreateInfo pool{};

    pool.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
    pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pool.queueFamilyIndex = queue_family_;
    check(vkCreateCommandPool(device_, &pool, nullptr, &pool_), "vkCreateCommandPool");
    VkCommandBufferAllocateInfo alloc{};
    alloc.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
    alloc.commandPool = pool_;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    check(vkAllocateCommandBuffers(device_, &alloc, &commands_), "vkAllocateCommandBuffers");
    VkFenceCreateInfo fence{};
    fence.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
    check(vkCreateFence(device_, &fence, nullptr, &fence_), "vkCreateFence");
  } catch (...) {
    destroy();
    throw;
  }
}

VulkanContext::~VulkanContext() { destroy(); }

void VulkanContext::destroy() {
  if (device_ != VK_NULL_HANDLE) {
    vkDeviceWaitIdle(device_);  // a lost device returns an error here; nothing left to wait for
    if (fence_ != VK_NULL_HANDLE) vkDestroyFence(device_, fence_, nullptr);
    if (pool_ != VK_NULL_HANDLE) vkDestroyCommandPool(device_, pool_, nullptr);
    vkDestroyDevice(device_, nullptr);
    device_ = VK_NULL_HANDLE;
  }
  if (messenger_ != VK_NULL_HANDLE) {
    const auto destroy_messenger = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance_, "vkDestroyDebugUtilsMessengerEXT"));
    if (destroy_messenger != nullptr) destroy_messenger(instance_, messenger_, nullptr);
    messenger_ = VK_NULL_HANDLE;
  }
  if (instance_ != VK_NULL_HANDLE) {
    vkDestroyInstance(instance_, nullptr);
    instance_ = VK_NULL_HANDLE;
  }
}

std::uint32_t VulkanContext::memory_type(std::uint32_t type_bits, VkMemoryPropertyFlags required,
                                         VkMemoryPropertyFlags preferred) const {
  std::optional<std::uint32_t> fallback;
  for (std::uint32_t i = 0; i < memory_.memoryTypeCount; ++i) {
    if ((type_bits & (1U << i)) == 0) continue;
    const VkMemoryPropertyFlags flags = memory_.memoryTypes[i].propertyFlags;
    if ((flags & required) != required) continue;
    if ((flags & preferred) == preferred) return i;
    if (!fallback) fallback = i;
  }
  if (!fallback) throw GpuError("no Vulkan memory type with the properties asked for");
  return *fallback;
}

bool VulkanContext::memory_is_host_visible(std::uint32_t type) const {
  return (memory_.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) != 0;
}

VkCommandBuffer VulkanContext::begin() {
  wait();  // the command buffer may still be executing
  check(vkResetCommandBuffer(commands_, 0), "vkResetCommandBuffer");
  VkCommandBufferBeginInfo info{};
  info.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  info.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkBeginCommandBuffer(commands_, &info), "vkBeginCommandBuffer");
  return commands_;
}

void VulkanContext::submit() {
  check(vkEndCommandBuffer(commands_), "vkEndCommandBuffer");
  VkSubmitInfo info{};
  info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  info.commandBufferCount = 1;
  info.pCommandBuffers = &commands_;
  check(vkResetFences(device_, 1, &fence_), "vkResetFences");
  check(vkQueueSubmit(queue_, 1, &info, fence_), "vkQueueSubmit");
  in_flight_ = true;
}

void VulkanContext::wait() {
  if (!in_flight_) return;
  // Not in flight any more whatever the answer: after an error there is nothing left to wait for.
  in_flight_ = false;
  // No timeout: a step that never finishes is a lost device, which the driver reports.
  check(vkWaitForFences(device_, 1, &fence_, VK_TRUE, UINT64_MAX), "vkWaitForFences");
}

void VulkanContext::submit_and_wait() {
  submit();
  wait();
}

std::size_t VulkanContext::validation_errors() const {
  const std::lock_guard lock(messages_mutex_);
  return errors_.size();
}

std::vector<std::string> VulkanContext::validation_messages() const {
  const std::lock_guard lock(messages_mutex_);
  return errors_;
}

VKAPI_ATTR VkBool32 VKAPI_CALL VulkanContext::on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                         VkDebugUtilsMessageTypeFlagsEXT /*types*/,
                                                         const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                         void* self) {
  // Warnings count too: the layer's warnings (e.g. a barrier that does not cover a use) are
  // mistakes in this code as well; the tests require silence.
  if ((severity & (VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT)) != 0) {
    auto* context = static_cast<VulkanContext*>(self);
    const std::lock_guard lock(context->messages_mutex_);
    context->errors_.emplace_back(data != nullptr && data->pMessage != nullptr ? data->pMessage : "(no message)");
  }
  return VK_FALSE;
}

}  // namespace meadow::gpu

