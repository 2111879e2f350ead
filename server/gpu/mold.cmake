# The mold's GPU engine (docs/mold.md "Engines"): its parameters and kernels, the engine and its
# fallback, on the shaders of meadow_mold_shaders (shaders/CMakeLists.txt). Included by this
# folder's CMakeLists.txt.
target_sources(meadow_gpu PRIVATE mold_params.cpp mold_kernels.cpp gpu_mold.cpp fallback_mold.cpp)
target_link_libraries(meadow_gpu PRIVATE meadow_mold_shaders)
