# `cmake --install build --prefix DIR` installs the engine and Cypher
# libraries and their public headers as a CMake package: find_package(trellis)
# then target_link_libraries(app PRIVATE trellis::engine) (and trellis::cypher
# for Cypher queries). examples/library uses both.
include(CMakePackageConfigHelpers)

install(TARGETS trellis_engine trellis_cypher EXPORT trellisTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/engine/include/trellis ${CMAKE_SOURCE_DIR}/cypher/include/trellis
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(TRELLIS_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/trellis)
install(EXPORT trellisTargets NAMESPACE trellis:: DESTINATION ${TRELLIS_PACKAGE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/trellisConfig.cmake.in
  ${CMAKE_BINARY_DIR}/trellisConfig.cmake INSTALL_DESTINATION ${TRELLIS_PACKAGE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/trellisConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/trellisConfig.cmake ${CMAKE_BINARY_DIR}/trellisConfigVersion.cmake
  DESTINATION ${TRELLIS_PACKAGE_DIR})
