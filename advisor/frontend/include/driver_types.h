/* gmadvise's driver_types.h: every enum of the runtime API's types (CUDA
 * 13.0's driver_types.h, surface_types.h, texture_types.h, library_types.h,
 * device_types.h), written from the toolkit by scripts/served-from-toolkit
 * (tests/test_served_toolkit.sh checks them against it).  cuda_runtime.h
 * includes it, as nvcc's does. */
#pragma once
/* BEGIN enums written by scripts/served-from-toolkit: do not edit */
enum cudaRoundMode {
    cudaRoundNearest = 0, cudaRoundZero = 1, cudaRoundPosInf = 2, cudaRoundMinInf = 3
};
enum cudaError {
    cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4, cudaErrorProfilerDisabled = 5,
    cudaErrorProfilerNotInitialized = 6, cudaErrorProfilerAlreadyStarted = 7,
    cudaErrorProfilerAlreadyStopped = 8, cudaErrorInvalidConfiguration = 9, cudaErrorInvalidPitchValue = 12,
    cudaErrorInvalidSymbol = 13, cudaErrorInvalidHostPointer = 16, cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidTexture = 18, cudaErrorInvalidTextureBinding = 19,
    cudaErrorInvalidChannelDescriptor = 20, cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorAddressOfConstant = 22, cudaErrorTextureFetchFailed = 23, cudaErrorTextureNotBound = 24,
    cudaErrorSynchronizationError = 25, cudaErrorInvalidFilterSetting = 26, cudaErrorInvalidNormSetting = 27,
    cudaErrorMixedDeviceExecution = 28, cudaErrorNotYetImplemented = 31, cudaErrorMemoryValueTooLarge = 32,
    cudaErrorStubLibrary = 34, cudaErrorInsufficientDriver = 35, cudaErrorCallRequiresNewerDriver = 36,
    cudaErrorInvalidSurface = 37, cudaErrorDuplicateVariableName = 43, cudaErrorDuplicateTextureName = 44,
    cudaErrorDuplicateSurfaceName = 45, cudaErrorDevicesUnavailable = 46,
    cudaErrorIncompatibleDriverContext = 49, cudaErrorMissingConfiguration = 52,
    cudaErrorPriorLaunchFailure = 53, cudaErrorLaunchMaxDepthExceeded = 65,
    cudaErrorLaunchFileScopedTex = 66, cudaErrorLaunchFileScopedSurf = 67, cudaErrorSyncDepthExceeded = 68,
    cudaErrorLaunchPendingCountExceeded = 69, cudaErrorInvalidDeviceFunction = 98, cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101, cudaErrorDeviceNotLicensed = 102,
    cudaErrorSoftwareValidityNotEstablished = 103, cudaErrorStartupFailure = 127,
    cudaErrorInvalidKernelImage = 200, cudaErrorDeviceUninitialized = 201,
    cudaErrorMapBufferObjectFailed = 205, cudaErrorUnmapBufferObjectFailed = 206,
    cudaErrorArrayIsMapped = 207, cudaErrorAlreadyMapped = 208, cudaErrorNoKernelImageForDevice = 209,
    cudaErrorAlreadyAcquired = 210, cudaErrorNotMapped = 211, cudaErrorNotMappedAsArray = 212,
    cudaErrorNotMappedAsPointer = 213, cudaErrorECCUncorrectable = 214, cudaErrorUnsupportedLimit = 215,
    cudaErrorDeviceAlreadyInUse = 216, cudaErrorPeerAccessUnsupported = 217, cudaErrorInvalidPtx = 218,
    cudaErrorInvalidGraphicsContext = 219, cudaErrorNvlinkUncorrectable = 220,
    cudaErrorJitCompilerNotFound = 221, cudaErrorUnsupportedPtxVersion = 222,
    cudaErrorJitCompilationDisabled = 223, cudaErrorUnsupportedExecAffinity = 224,
    cudaErrorUnsupportedDevSideSync = 225, cudaErrorContained = 226, cudaErrorInvalidSource = 300,
    cudaErrorFileNotFound = 301, cudaErrorSharedObjectSymbolNotFound = 302,
    cudaErrorSharedObjectInitFailed = 303, cudaErrorOperatingSystem = 304,
    cudaErrorInvalidResourceHandle = 400, cudaErrorIllegalState = 401, cudaErrorLossyQuery = 402,
    cudaErrorSymbolNotFound = 500, cudaErrorNotReady = 600, cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701, cudaErrorLaunchTimeout = 702,
    cudaErrorLaunchIncompatibleTexturing = 703, cudaErrorPeerAccessAlreadyEnabled = 704,
    cudaErrorPeerAccessNotEnabled = 705, cudaErrorSetOnActiveProcess = 708,
    cudaErrorContextIsDestroyed = 709, cudaErrorAssert = 710, cudaErrorTooManyPeers = 711,
    cudaErrorHostMemoryAlreadyRegistered = 712, cudaErrorHostMemoryNotRegistered = 713,
    cudaErrorHardwareStackError = 714, cudaErrorIllegalInstruction = 715, cudaErrorMisalignedAddress = 716,
    cudaErrorInvalidAddressSpace = 717, cudaErrorInvalidPc = 718, cudaErrorLaunchFailure = 719,
    cudaErrorCooperativeLaunchTooLarge = 720, cudaErrorTensorMemoryLeak = 721, cudaErrorNotPermitted = 800,
    cudaErrorNotSupported = 801, cudaErrorSystemNotReady = 802, cudaErrorSystemDriverMismatch = 803,
    cudaErrorCompatNotSupportedOnDevice = 804, cudaErrorMpsConnectionFailed = 805,
    cudaErrorMpsRpcFailure = 806, cudaErrorMpsServerNotReady = 807, cudaErrorMpsMaxClientsReached = 808,
    cudaErrorMpsMaxConnectionsReached = 809, cudaErrorMpsClientTerminated = 810,
    cudaErrorCdpNotSupported = 811, cudaErrorCdpVersionMismatch = 812,
    cudaErrorStreamCaptureUnsupported = 900, cudaErrorStreamCaptureInvalidated = 901,
    cudaErrorStreamCaptureMerge = 902, cudaErrorStreamCaptureUnmatched = 903,
    cudaErrorStreamCaptureUnjoined = 904, cudaErrorStreamCaptureIsolation = 905,
    cudaErrorStreamCaptureImplicit = 906, cudaErrorCapturedEvent = 907,
    cudaErrorStreamCaptureWrongThread = 908, cudaErrorTimeout = 909, cudaErrorGraphExecUpdateFailure = 910,
    cudaErrorExternalDevice = 911, cudaErrorInvalidClusterSize = 912, cudaErrorFunctionNotLoaded = 913,
    cudaErrorInvalidResourceType = 914, cudaErrorInvalidResourceConfiguration = 915, cudaErrorUnknown = 999,
    cudaErrorApiFailureBase = 10000
};
enum cudaChannelFormatKind {
    cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1, cudaChannelFormatKindFloat = 2,
    cudaChannelFormatKindNone = 3, cudaChannelFormatKindNV12 = 4,
    cudaChannelFormatKindUnsignedNormalized8X1 = 5, cudaChannelFormatKindUnsignedNormalized8X2 = 6,
    cudaChannelFormatKindUnsignedNormalized8X4 = 7, cudaChannelFormatKindUnsignedNormalized16X1 = 8,
    cudaChannelFormatKindUnsignedNormalized16X2 = 9, cudaChannelFormatKindUnsignedNormalized16X4 = 10,
    cudaChannelFormatKindSignedNormalized8X1 = 11, cudaChannelFormatKindSignedNormalized8X2 = 12,
    cudaChannelFormatKindSignedNormalized8X4 = 13, cudaChannelFormatKindSignedNormalized16X1 = 14,
    cudaChannelFormatKindSignedNormalized16X2 = 15, cudaChannelFormatKindSignedNormalized16X4 = 16,
    cudaChannelFormatKindUnsignedBlockCompressed1 = 17,
    cudaChannelFormatKindUnsignedBlockCompressed1SRGB = 18,
    cudaChannelFormatKindUnsignedBlockCompressed2 = 19,
    cudaChannelFormatKindUnsignedBlockCompressed2SRGB = 20,
    cudaChannelFormatKindUnsignedBlockCompressed3 = 21,
    cudaChannelFormatKindUnsignedBlockCompressed3SRGB = 22,
    cudaChannelFormatKindUnsignedBlockCompressed4 = 23, cudaChannelFormatKindSignedBlockCompressed4 = 24,
    cudaChannelFormatKindUnsignedBlockCompressed5 = 25, cudaChannelFormatKindSignedBlockCompressed5 = 26,
    cudaChannelFormatKindUnsignedBlockCompressed6H = 27, cudaChannelFormatKindSignedBlockCompressed6H = 28,
    cudaChannelFormatKindUnsignedBlockCompressed7 = 29,
    cudaChannelFormatKindUnsignedBlockCompressed7SRGB = 30,
    cudaChannelFormatKindUnsignedNormalized1010102 = 31
};
enum cudaMemoryType {
    cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1, cudaMemoryTypeDevice = 2,
    cudaMemoryTypeManaged = 3
};
enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
};
enum cudaAccessProperty {
    cudaAccessPropertyNormal = 0, cudaAccessPropertyStreaming = 1, cudaAccessPropertyPersisting = 2
};
enum cudaStreamCaptureStatus {
    cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1,
    cudaStreamCaptureStatusInvalidated = 2
};
enum cudaStreamCaptureMode {
    cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1, cudaStreamCaptureModeRelaxed = 2
};
enum cudaSynchronizationPolicy {
    cudaSyncPolicyAuto = 1, cudaSyncPolicySpin = 2, cudaSyncPolicyYield = 3, cudaSyncPolicyBlockingSync = 4
};
enum cudaClusterSchedulingPolicy {
    cudaClusterSchedulingPolicyDefault = 0, cudaClusterSchedulingPolicySpread = 1,
    cudaClusterSchedulingPolicyLoadBalancing = 2
};
enum cudaStreamUpdateCaptureDependenciesFlags {
    cudaStreamAddCaptureDependencies = 0, cudaStreamSetCaptureDependencies = 1
};
enum cudaUserObjectFlags {
    cudaUserObjectNoDestructorSync = 1
};
enum cudaUserObjectRetainFlags {
    cudaGraphUserObjectMove = 1
};
enum cudaGraphicsRegisterFlags {
    cudaGraphicsRegisterFlagsNone = 0, cudaGraphicsRegisterFlagsReadOnly = 1,
    cudaGraphicsRegisterFlagsWriteDiscard = 2, cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
    cudaGraphicsRegisterFlagsTextureGather = 8
};
enum cudaGraphicsMapFlags {
    cudaGraphicsMapFlagsNone = 0, cudaGraphicsMapFlagsReadOnly = 1, cudaGraphicsMapFlagsWriteDiscard = 2
};
enum cudaGraphicsCubeFace {
    cudaGraphicsCubeFacePositiveX = 0, cudaGraphicsCubeFaceNegativeX = 1, cudaGraphicsCubeFacePositiveY = 2,
    cudaGraphicsCubeFaceNegativeY = 3, cudaGraphicsCubeFacePositiveZ = 4, cudaGraphicsCubeFaceNegativeZ = 5
};
enum cudaResourceType {
    cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1, cudaResourceTypeLinear = 2,
    cudaResourceTypePitch2D = 3
};
enum cudaResourceViewFormat {
    cudaResViewFormatNone = 0, cudaResViewFormatUnsignedChar1 = 1, cudaResViewFormatUnsignedChar2 = 2,
    cudaResViewFormatUnsignedChar4 = 3, cudaResViewFormatSignedChar1 = 4, cudaResViewFormatSignedChar2 = 5,
    cudaResViewFormatSignedChar4 = 6, cudaResViewFormatUnsignedShort1 = 7,
    cudaResViewFormatUnsignedShort2 = 8, cudaResViewFormatUnsignedShort4 = 9,
    cudaResViewFormatSignedShort1 = 10, cudaResViewFormatSignedShort2 = 11,
    cudaResViewFormatSignedShort4 = 12, cudaResViewFormatUnsignedInt1 = 13,
    cudaResViewFormatUnsignedInt2 = 14, cudaResViewFormatUnsignedInt4 = 15, cudaResViewFormatSignedInt1 = 16,
    cudaResViewFormatSignedInt2 = 17, cudaResViewFormatSignedInt4 = 18, cudaResViewFormatHalf1 = 19,
    cudaResViewFormatHalf2 = 20, cudaResViewFormatHalf4 = 21, cudaResViewFormatFloat1 = 22,
    cudaResViewFormatFloat2 = 23, cudaResViewFormatFloat4 = 24,
    cudaResViewFormatUnsignedBlockCompressed1 = 25, cudaResViewFormatUnsignedBlockCompressed2 = 26,
    cudaResViewFormatUnsignedBlockCompressed3 = 27, cudaResViewFormatUnsignedBlockCompressed4 = 28,
    cudaResViewFormatSignedBlockCompressed4 = 29, cudaResViewFormatUnsignedBlockCompressed5 = 30,
    cudaResViewFormatSignedBlockCompressed5 = 31, cudaResViewFormatUnsignedBlockCompressed6H = 32,
    cudaResViewFormatSignedBlockCompressed6H = 33, cudaResViewFormatUnsignedBlockCompressed7 = 34
};
enum cudaFuncAttribute {
    cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9,
    cudaFuncAttributeClusterDimMustBeSet = 10, cudaFuncAttributeRequiredClusterWidth = 11,
    cudaFuncAttributeRequiredClusterHeight = 12, cudaFuncAttributeRequiredClusterDepth = 13,
    cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
    cudaFuncAttributeClusterSchedulingPolicyPreference = 15, cudaFuncAttributeMax = 16
};
enum cudaFuncCache {
    cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2,
    cudaFuncCachePreferEqual = 3
};
enum cudaSharedMemConfig {
    cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1, cudaSharedMemBankSizeEightByte = 2
};
enum cudaSharedCarveout {
    cudaSharedmemCarveoutDefault = -1, cudaSharedmemCarveoutMaxShared = 100, cudaSharedmemCarveoutMaxL1 = 0
};
enum cudaComputeMode {
    cudaComputeModeDefault = 0, cudaComputeModeExclusive = 1, cudaComputeModeProhibited = 2,
    cudaComputeModeExclusiveProcess = 3
};
enum cudaLimit {
    cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2,
    cudaLimitDevRuntimeSyncDepth = 3, cudaLimitDevRuntimePendingLaunchCount = 4,
    cudaLimitMaxL2FetchGranularity = 5, cudaLimitPersistingL2CacheSize = 6
};
enum cudaMemoryAdvise {
    cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2, cudaMemAdviseSetPreferredLocation = 3,
    cudaMemAdviseUnsetPreferredLocation = 4, cudaMemAdviseSetAccessedBy = 5, cudaMemAdviseUnsetAccessedBy = 6
};
enum cudaMemRangeAttribute {
    cudaMemRangeAttributeReadMostly = 1, cudaMemRangeAttributePreferredLocation = 2,
    cudaMemRangeAttributeAccessedBy = 3, cudaMemRangeAttributeLastPrefetchLocation = 4,
    cudaMemRangeAttributePreferredLocationType = 5, cudaMemRangeAttributePreferredLocationId = 6,
    cudaMemRangeAttributeLastPrefetchLocationType = 7, cudaMemRangeAttributeLastPrefetchLocationId = 8
};
enum cudaFlushGPUDirectRDMAWritesOptions {
    cudaFlushGPUDirectRDMAWritesOptionHost = 1, cudaFlushGPUDirectRDMAWritesOptionMemOps = 2
};
enum cudaGPUDirectRDMAWritesOrdering {
    cudaGPUDirectRDMAWritesOrderingNone = 0, cudaGPUDirectRDMAWritesOrderingOwner = 100,
    cudaGPUDirectRDMAWritesOrderingAllDevices = 200
};
enum cudaFlushGPUDirectRDMAWritesScope {
    cudaFlushGPUDirectRDMAWritesToOwner = 100, cudaFlushGPUDirectRDMAWritesToAllDevices = 200
};
enum cudaFlushGPUDirectRDMAWritesTarget {
    cudaFlushGPUDirectRDMAWritesTargetCurrentDevice = 0
};
enum cudaDeviceAttr {
    cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxBlockDimY = 3,
    cudaDevAttrMaxBlockDimZ = 4, cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6,
    cudaDevAttrMaxGridDimZ = 7, cudaDevAttrMaxSharedMemoryPerBlock = 8, cudaDevAttrTotalConstantMemory = 9,
    cudaDevAttrWarpSize = 10, cudaDevAttrMaxPitch = 11, cudaDevAttrMaxRegistersPerBlock = 12,
    cudaDevAttrClockRate = 13, cudaDevAttrTextureAlignment = 14, cudaDevAttrGpuOverlap = 15,
    cudaDevAttrMultiProcessorCount = 16, cudaDevAttrKernelExecTimeout = 17, cudaDevAttrIntegrated = 18,
    cudaDevAttrCanMapHostMemory = 19, cudaDevAttrComputeMode = 20, cudaDevAttrMaxTexture1DWidth = 21,
    cudaDevAttrMaxTexture2DWidth = 22, cudaDevAttrMaxTexture2DHeight = 23, cudaDevAttrMaxTexture3DWidth = 24,
    cudaDevAttrMaxTexture3DHeight = 25, cudaDevAttrMaxTexture3DDepth = 26,
    cudaDevAttrMaxTexture2DLayeredWidth = 27, cudaDevAttrMaxTexture2DLayeredHeight = 28,
    cudaDevAttrMaxTexture2DLayeredLayers = 29, cudaDevAttrSurfaceAlignment = 30,
    cudaDevAttrConcurrentKernels = 31, cudaDevAttrEccEnabled = 32, cudaDevAttrPciBusId = 33,
    cudaDevAttrPciDeviceId = 34, cudaDevAttrTccDriver = 35, cudaDevAttrMemoryClockRate = 36,
    cudaDevAttrGlobalMemoryBusWidth = 37, cudaDevAttrL2CacheSize = 38,
    cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrAsyncEngineCount = 40,
    cudaDevAttrUnifiedAddressing = 41, cudaDevAttrMaxTexture1DLayeredWidth = 42,
    cudaDevAttrMaxTexture1DLayeredLayers = 43, cudaDevAttrMaxTexture2DGatherWidth = 45,
    cudaDevAttrMaxTexture2DGatherHeight = 46, cudaDevAttrMaxTexture3DWidthAlt = 47,
    cudaDevAttrMaxTexture3DHeightAlt = 48, cudaDevAttrMaxTexture3DDepthAlt = 49, cudaDevAttrPciDomainId = 50,
    cudaDevAttrTexturePitchAlignment = 51, cudaDevAttrMaxTextureCubemapWidth = 52,
    cudaDevAttrMaxTextureCubemapLayeredWidth = 53, cudaDevAttrMaxTextureCubemapLayeredLayers = 54,
    cudaDevAttrMaxSurface1DWidth = 55, cudaDevAttrMaxSurface2DWidth = 56, cudaDevAttrMaxSurface2DHeight = 57,
    cudaDevAttrMaxSurface3DWidth = 58, cudaDevAttrMaxSurface3DHeight = 59, cudaDevAttrMaxSurface3DDepth = 60,
    cudaDevAttrMaxSurface1DLayeredWidth = 61, cudaDevAttrMaxSurface1DLayeredLayers = 62,
    cudaDevAttrMaxSurface2DLayeredWidth = 63, cudaDevAttrMaxSurface2DLayeredHeight = 64,
    cudaDevAttrMaxSurface2DLayeredLayers = 65, cudaDevAttrMaxSurfaceCubemapWidth = 66,
    cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67, cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68,
    cudaDevAttrMaxTexture1DLinearWidth = 69, cudaDevAttrMaxTexture2DLinearWidth = 70,
    cudaDevAttrMaxTexture2DLinearHeight = 71, cudaDevAttrMaxTexture2DLinearPitch = 72,
    cudaDevAttrMaxTexture2DMipmappedWidth = 73, cudaDevAttrMaxTexture2DMipmappedHeight = 74,
    cudaDevAttrComputeCapabilityMajor = 75, cudaDevAttrComputeCapabilityMinor = 76,
    cudaDevAttrMaxTexture1DMipmappedWidth = 77, cudaDevAttrStreamPrioritiesSupported = 78,
    cudaDevAttrGlobalL1CacheSupported = 79, cudaDevAttrLocalL1CacheSupported = 80,
    cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81, cudaDevAttrMaxRegistersPerMultiprocessor = 82,
    cudaDevAttrManagedMemory = 83, cudaDevAttrIsMultiGpuBoard = 84, cudaDevAttrMultiGpuBoardGroupID = 85,
    cudaDevAttrHostNativeAtomicSupported = 86, cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
    cudaDevAttrPageableMemoryAccess = 88, cudaDevAttrConcurrentManagedAccess = 89,
    cudaDevAttrComputePreemptionSupported = 90, cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
    cudaDevAttrReserved92 = 92, cudaDevAttrReserved93 = 93, cudaDevAttrReserved94 = 94,
    cudaDevAttrCooperativeLaunch = 95, cudaDevAttrReserved96 = 96,
    cudaDevAttrMaxSharedMemoryPerBlockOptin = 97, cudaDevAttrCanFlushRemoteWrites = 98,
    cudaDevAttrHostRegisterSupported = 99, cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
    cudaDevAttrDirectManagedMemAccessFromHost = 101, cudaDevAttrMaxBlocksPerMultiprocessor = 106,
    cudaDevAttrMaxPersistingL2CacheSize = 108, cudaDevAttrMaxAccessPolicyWindowSize = 109,
    cudaDevAttrReservedSharedMemoryPerBlock = 111, cudaDevAttrSparseCudaArraySupported = 112,
    cudaDevAttrHostRegisterReadOnlySupported = 113, cudaDevAttrTimelineSemaphoreInteropSupported = 114,
    cudaDevAttrMemoryPoolsSupported = 115, cudaDevAttrGPUDirectRDMASupported = 116,
    cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117, cudaDevAttrGPUDirectRDMAWritesOrdering = 118,
    cudaDevAttrMemoryPoolSupportedHandleTypes = 119, cudaDevAttrClusterLaunch = 120,
    cudaDevAttrDeferredMappingCudaArraySupported = 121, cudaDevAttrReserved122 = 122,
    cudaDevAttrReserved123 = 123, cudaDevAttrReserved124 = 124, cudaDevAttrIpcEventSupport = 125,
    cudaDevAttrMemSyncDomainCount = 126, cudaDevAttrReserved127 = 127, cudaDevAttrReserved128 = 128,
    cudaDevAttrReserved129 = 129, cudaDevAttrNumaConfig = 130, cudaDevAttrNumaId = 131,
    cudaDevAttrReserved132 = 132, cudaDevAttrMpsEnabled = 133, cudaDevAttrHostNumaId = 134,
    cudaDevAttrD3D12CigSupported = 135, cudaDevAttrVulkanCigSupported = 138, cudaDevAttrGpuPciDeviceId = 139,
    cudaDevAttrGpuPciSubsystemId = 140, cudaDevAttrReserved141 = 141,
    cudaDevAttrHostNumaMemoryPoolsSupported = 142, cudaDevAttrHostNumaMultinodeIpcSupported = 143,
    cudaDevAttrHostMemoryPoolsSupported = 144, cudaDevAttrReserved145 = 145,
    cudaDevAttrOnlyPartialHostNativeAtomicSupported = 147, cudaDevAttrMax = 148
};
enum cudaMemPoolAttr {
    cudaMemPoolReuseFollowEventDependencies = 1, cudaMemPoolReuseAllowOpportunistic = 2,
    cudaMemPoolReuseAllowInternalDependencies = 3, cudaMemPoolAttrReleaseThreshold = 4,
    cudaMemPoolAttrReservedMemCurrent = 5, cudaMemPoolAttrReservedMemHigh = 6,
    cudaMemPoolAttrUsedMemCurrent = 7, cudaMemPoolAttrUsedMemHigh = 8
};
enum cudaMemLocationType {
    cudaMemLocationTypeInvalid = 0, cudaMemLocationTypeNone = 0, cudaMemLocationTypeDevice = 1,
    cudaMemLocationTypeHost = 2, cudaMemLocationTypeHostNuma = 3, cudaMemLocationTypeHostNumaCurrent = 4
};
enum cudaMemAccessFlags {
    cudaMemAccessFlagsProtNone = 0, cudaMemAccessFlagsProtRead = 1, cudaMemAccessFlagsProtReadWrite = 3
};
enum cudaMemAllocationType {
    cudaMemAllocationTypeInvalid = 0, cudaMemAllocationTypePinned = 1, cudaMemAllocationTypeManaged = 2,
    cudaMemAllocationTypeMax = 2147483647
};
enum cudaMemAllocationHandleType {
    cudaMemHandleTypeNone = 0, cudaMemHandleTypePosixFileDescriptor = 1, cudaMemHandleTypeWin32 = 2,
    cudaMemHandleTypeWin32Kmt = 4, cudaMemHandleTypeFabric = 8
};
enum cudaGraphMemAttributeType {
    cudaGraphMemAttrUsedMemCurrent = 0, cudaGraphMemAttrUsedMemHigh = 1,
    cudaGraphMemAttrReservedMemCurrent = 2, cudaGraphMemAttrReservedMemHigh = 3
};
enum cudaMemcpyFlags {
    cudaMemcpyFlagDefault = 0, cudaMemcpyFlagPreferOverlapWithCompute = 1
};
enum cudaMemcpySrcAccessOrder {
    cudaMemcpySrcAccessOrderInvalid = 0, cudaMemcpySrcAccessOrderStream = 1,
    cudaMemcpySrcAccessOrderDuringApiCall = 2, cudaMemcpySrcAccessOrderAny = 3,
    cudaMemcpySrcAccessOrderMax = 2147483647
};
enum cudaMemcpy3DOperandType {
    cudaMemcpyOperandTypePointer = 1, cudaMemcpyOperandTypeArray = 2, cudaMemcpyOperandTypeMax = 2147483647
};
enum cudaDeviceP2PAttr {
    cudaDevP2PAttrPerformanceRank = 1, cudaDevP2PAttrAccessSupported = 2,
    cudaDevP2PAttrNativeAtomicSupported = 3, cudaDevP2PAttrCudaArrayAccessSupported = 4,
    cudaDevP2PAttrOnlyPartialNativeAtomicSupported = 5
};
enum cudaAtomicOperation {
    cudaAtomicOperationIntegerAdd = 0, cudaAtomicOperationIntegerMin = 1, cudaAtomicOperationIntegerMax = 2,
    cudaAtomicOperationIntegerIncrement = 3, cudaAtomicOperationIntegerDecrement = 4,
    cudaAtomicOperationAnd = 5, cudaAtomicOperationOr = 6, cudaAtomicOperationXOR = 7,
    cudaAtomicOperationExchange = 8, cudaAtomicOperationCAS = 9, cudaAtomicOperationFloatAdd = 10,
    cudaAtomicOperationFloatMin = 11, cudaAtomicOperationFloatMax = 12
};
enum cudaAtomicOperationCapability {
    cudaAtomicCapabilitySigned = 1, cudaAtomicCapabilityUnsigned = 2, cudaAtomicCapabilityReduction = 4,
    cudaAtomicCapabilityScalar32 = 8, cudaAtomicCapabilityScalar64 = 16, cudaAtomicCapabilityScalar128 = 32,
    cudaAtomicCapabilityVector32x4 = 64
};
enum cudaExternalMemoryHandleType {
    cudaExternalMemoryHandleTypeOpaqueFd = 1, cudaExternalMemoryHandleTypeOpaqueWin32 = 2,
    cudaExternalMemoryHandleTypeOpaqueWin32Kmt = 3, cudaExternalMemoryHandleTypeD3D12Heap = 4,
    cudaExternalMemoryHandleTypeD3D12Resource = 5, cudaExternalMemoryHandleTypeD3D11Resource = 6,
    cudaExternalMemoryHandleTypeD3D11ResourceKmt = 7, cudaExternalMemoryHandleTypeNvSciBuf = 8
};
enum cudaExternalSemaphoreHandleType {
    cudaExternalSemaphoreHandleTypeOpaqueFd = 1, cudaExternalSemaphoreHandleTypeOpaqueWin32 = 2,
    cudaExternalSemaphoreHandleTypeOpaqueWin32Kmt = 3, cudaExternalSemaphoreHandleTypeD3D12Fence = 4,
    cudaExternalSemaphoreHandleTypeD3D11Fence = 5, cudaExternalSemaphoreHandleTypeNvSciSync = 6,
    cudaExternalSemaphoreHandleTypeKeyedMutex = 7, cudaExternalSemaphoreHandleTypeKeyedMutexKmt = 8,
    cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd = 9,
    cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32 = 10
};
typedef enum cudaError cudaError_t;
enum cudaJitOption {
    cudaJitMaxRegisters = 0, cudaJitThreadsPerBlock = 1, cudaJitWallTime = 2, cudaJitInfoLogBuffer = 3,
    cudaJitInfoLogBufferSizeBytes = 4, cudaJitErrorLogBuffer = 5, cudaJitErrorLogBufferSizeBytes = 6,
    cudaJitOptimizationLevel = 7, cudaJitFallbackStrategy = 10, cudaJitGenerateDebugInfo = 11,
    cudaJitLogVerbose = 12, cudaJitGenerateLineInfo = 13, cudaJitCacheMode = 14,
    cudaJitPositionIndependentCode = 30, cudaJitMinCtaPerSm = 31, cudaJitMaxThreadsPerBlock = 32,
    cudaJitOverrideDirectiveValues = 33
};
enum cudaLibraryOption {
    cudaLibraryHostUniversalFunctionAndDataTable = 0, cudaLibraryBinaryIsPreserved = 1
};
enum cudaJit_CacheMode {
    cudaJitCacheOptionNone = 0, cudaJitCacheOptionCG = 1, cudaJitCacheOptionCA = 2
};
enum cudaJit_Fallback {
    cudaPreferPtx = 0, cudaPreferBinary = 1
};
enum cudaCGScope {
    cudaCGScopeInvalid = 0, cudaCGScopeGrid = 1, cudaCGScopeReserved = 2
};
enum cudaGraphConditionalHandleFlags {
    cudaGraphCondAssignDefault = 1
};
enum cudaGraphConditionalNodeType {
    cudaGraphCondTypeIf = 0, cudaGraphCondTypeWhile = 1, cudaGraphCondTypeSwitch = 2
};
enum cudaGraphNodeType {
    cudaGraphNodeTypeKernel = 0, cudaGraphNodeTypeMemcpy = 1, cudaGraphNodeTypeMemset = 2,
    cudaGraphNodeTypeHost = 3, cudaGraphNodeTypeGraph = 4, cudaGraphNodeTypeEmpty = 5,
    cudaGraphNodeTypeWaitEvent = 6, cudaGraphNodeTypeEventRecord = 7,
    cudaGraphNodeTypeExtSemaphoreSignal = 8, cudaGraphNodeTypeExtSemaphoreWait = 9,
    cudaGraphNodeTypeMemAlloc = 10, cudaGraphNodeTypeMemFree = 11, cudaGraphNodeTypeConditional = 13,
    cudaGraphNodeTypeCount = 14
};
enum cudaGraphChildGraphNodeOwnership {
    cudaGraphChildGraphOwnershipClone = 0, cudaGraphChildGraphOwnershipMove = 1
};
enum cudaGraphDependencyType_enum {
    cudaGraphDependencyTypeDefault = 0, cudaGraphDependencyTypeProgrammatic = 1
};
typedef enum cudaGraphDependencyType_enum cudaGraphDependencyType;
enum cudaGraphExecUpdateResult {
    cudaGraphExecUpdateSuccess = 0, cudaGraphExecUpdateError = 1,
    cudaGraphExecUpdateErrorTopologyChanged = 2, cudaGraphExecUpdateErrorNodeTypeChanged = 3,
    cudaGraphExecUpdateErrorFunctionChanged = 4, cudaGraphExecUpdateErrorParametersChanged = 5,
    cudaGraphExecUpdateErrorNotSupported = 6, cudaGraphExecUpdateErrorUnsupportedFunctionChange = 7,
    cudaGraphExecUpdateErrorAttributesChanged = 8
};
enum cudaGraphInstantiateResult {
    cudaGraphInstantiateSuccess = 0, cudaGraphInstantiateError = 1, cudaGraphInstantiateInvalidStructure = 2,
    cudaGraphInstantiateNodeOperationNotSupported = 3, cudaGraphInstantiateMultipleDevicesNotSupported = 4,
    cudaGraphInstantiateConditionalHandleUnused = 5
};
typedef enum cudaGraphInstantiateResult cudaGraphInstantiateResult;
enum cudaGraphKernelNodeField {
    cudaGraphKernelNodeFieldInvalid = 0, cudaGraphKernelNodeFieldGridDim = 1,
    cudaGraphKernelNodeFieldParam = 2, cudaGraphKernelNodeFieldEnabled = 3
};
enum cudaGetDriverEntryPointFlags {
    cudaEnableDefault = 0, cudaEnableLegacyStream = 1, cudaEnablePerThreadDefaultStream = 2
};
enum cudaDriverEntryPointQueryResult {
    cudaDriverEntryPointSuccess = 0, cudaDriverEntryPointSymbolNotFound = 1,
    cudaDriverEntryPointVersionNotSufficent = 2
};
enum cudaGraphDebugDotFlags {
    cudaGraphDebugDotFlagsVerbose = 1, cudaGraphDebugDotFlagsKernelNodeParams = 4,
    cudaGraphDebugDotFlagsMemcpyNodeParams = 8, cudaGraphDebugDotFlagsMemsetNodeParams = 16,
    cudaGraphDebugDotFlagsHostNodeParams = 32, cudaGraphDebugDotFlagsEventNodeParams = 64,
    cudaGraphDebugDotFlagsExtSemasSignalNodeParams = 128, cudaGraphDebugDotFlagsExtSemasWaitNodeParams = 256,
    cudaGraphDebugDotFlagsKernelNodeAttributes = 512, cudaGraphDebugDotFlagsHandles = 1024,
    cudaGraphDebugDotFlagsConditionalNodeParams = 32768
};
enum cudaGraphInstantiateFlags {
    cudaGraphInstantiateFlagAutoFreeOnLaunch = 1, cudaGraphInstantiateFlagUpload = 2,
    cudaGraphInstantiateFlagDeviceLaunch = 4, cudaGraphInstantiateFlagUseNodePriority = 8
};
enum cudaLaunchMemSyncDomain {
    cudaLaunchMemSyncDomainDefault = 0, cudaLaunchMemSyncDomainRemote = 1
};
typedef enum cudaLaunchMemSyncDomain cudaLaunchMemSyncDomain;
enum cudaLaunchAttributeID {
    cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeAccessPolicyWindow = 1,
    cudaLaunchAttributeCooperative = 2, cudaLaunchAttributeSynchronizationPolicy = 3,
    cudaLaunchAttributeClusterDimension = 4, cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
    cudaLaunchAttributeProgrammaticStreamSerialization = 6, cudaLaunchAttributeProgrammaticEvent = 7,
    cudaLaunchAttributePriority = 8, cudaLaunchAttributeMemSyncDomainMap = 9,
    cudaLaunchAttributeMemSyncDomain = 10, cudaLaunchAttributePreferredClusterDimension = 11,
    cudaLaunchAttributeLaunchCompletionEvent = 12, cudaLaunchAttributeDeviceUpdatableKernelNode = 13,
    cudaLaunchAttributePreferredSharedMemoryCarveout = 14,
    cudaLaunchAttributeNvlinkUtilCentricScheduling = 16
};
typedef enum cudaLaunchAttributeID cudaLaunchAttributeID;
enum cudaDeviceNumaConfig {
    cudaDeviceNumaConfigNone = 0, cudaDeviceNumaConfigNumaNode = 1
};
enum cudaAsyncNotificationType_enum {
    cudaAsyncNotificationTypeOverBudget = 1
};
typedef enum cudaAsyncNotificationType_enum cudaAsyncNotificationType;
enum CUDAlogLevel_enum {
    cudaLogLevelError = 0, cudaLogLevelWarning = 1
};
typedef enum CUDAlogLevel_enum cudaLogLevel;
enum cudaSurfaceBoundaryMode {
    cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2
};
enum cudaSurfaceFormatMode {
    cudaFormatModeForced = 0, cudaFormatModeAuto = 1
};
enum cudaTextureAddressMode {
    cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2, cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode {
    cudaFilterModePoint = 0, cudaFilterModeLinear = 1
};
enum cudaTextureReadMode {
    cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1
};
enum cudaDataType_t {
    CUDA_R_16F = 2, CUDA_C_16F = 6, CUDA_R_16BF = 14, CUDA_C_16BF = 15, CUDA_R_32F = 0, CUDA_C_32F = 4,
    CUDA_R_64F = 1, CUDA_C_64F = 5, CUDA_R_4I = 16, CUDA_C_4I = 17, CUDA_R_4U = 18, CUDA_C_4U = 19,
    CUDA_R_8I = 3, CUDA_C_8I = 7, CUDA_R_8U = 8, CUDA_C_8U = 9, CUDA_R_16I = 20, CUDA_C_16I = 21,
    CUDA_R_16U = 22, CUDA_C_16U = 23, CUDA_R_32I = 10, CUDA_C_32I = 11, CUDA_R_32U = 12, CUDA_C_32U = 13,
    CUDA_R_64I = 24, CUDA_C_64I = 25, CUDA_R_64U = 26, CUDA_C_64U = 27, CUDA_R_8F_E4M3 = 28,
    CUDA_R_8F_UE4M3 = 28, CUDA_R_8F_E5M2 = 29, CUDA_R_8F_UE8M0 = 30, CUDA_R_6F_E2M3 = 31,
    CUDA_R_6F_E3M2 = 32, CUDA_R_4F_E2M1 = 33
};
typedef enum cudaDataType_t cudaDataType;
enum cudaEmulationStrategy_t {
    CUDA_EMULATION_STRATEGY_DEFAULT = 0, CUDA_EMULATION_STRATEGY_PERFORMANT = 1,
    CUDA_EMULATION_STRATEGY_EAGER = 2
};
typedef enum cudaEmulationStrategy_t cudaEmulationStrategy;
enum cudaEmulationMantissaControl_t {
    CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC = 0, CUDA_EMULATION_MANTISSA_CONTROL_FIXED = 1
};
typedef enum cudaEmulationMantissaControl_t cudaEmulationMantissaControl;
enum cudaEmulationSpecialValuesSupport_t {
    CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT = 65535, CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NONE = 0,
    CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_INFINITY = 1, CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NAN = 2
};
typedef enum cudaEmulationSpecialValuesSupport_t cudaEmulationSpecialValuesSupport;
enum libraryPropertyType_t {
    MAJOR_VERSION = 0, MINOR_VERSION = 1, PATCH_LEVEL = 2
};
typedef enum libraryPropertyType_t libraryPropertyType;
/* END enums written by scripts/served-from-toolkit */
