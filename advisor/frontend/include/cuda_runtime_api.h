/* gmadvise's cuda_runtime_api.h: the runtime API's types and calls that its
 * cuda_runtime.h does not write by hand (those it declares for device code
 * too, or with C++ overloads), written from CUDA 13.0's cuda_runtime_api.h
 * and driver_types.h by scripts/served-from-toolkit; cuda_runtime.h
 * includes it last.  tests/test_served_toolkit.sh checks it against the
 * toolkit. */
#pragma once
#include <cuda_runtime.h>
/* BEGIN declarations written by scripts/served-from-toolkit: do not edit */
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaPeerAccessDefault 0x00
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaDeviceSyncMemops 0x80
#define cudaDeviceMask 0xff
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaArrayColorAttachment 0x20
#define cudaArraySparse 0x40
#define cudaArrayDeferredMapping 0x80
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01
#define cudaInvalidDeviceId ((int)-2)
#define cudaInitDeviceFlagsAreValid 0x01
#define cudaArraySparsePropertiesSingleMipTail 0x1
#define cudaMemPoolCreateUsageHwDecompress 0x2
#define CUDA_IPC_HANDLE_SIZE 64
#define cudaExternalMemoryDedicated 0x1
#define cudaExternalSemaphoreSignalSkipNvSciBufMemSync 0x01
#define cudaExternalSemaphoreWaitSkipNvSciBufMemSync 0x02
#define cudaNvSciSyncAttrSignal 0x1
#define cudaNvSciSyncAttrWait 0x2
#define cudaGraphKernelNodePortDefault 0
#define cudaGraphKernelNodePortProgrammatic 1
#define cudaGraphKernelNodePortLaunchCompletion 2
#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
#define cudaSurfaceTypeCubemap 0x0C
#define cudaSurfaceType1DLayered 0xF1
#define cudaSurfaceType2DLayered 0xF2
#define cudaSurfaceTypeCubemapLayered 0xFC
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC
typedef const struct cudaMipmappedArray * cudaMipmappedArray_const_t;
struct cudaArraySparseProperties {
    struct {
        unsigned int width;
        unsigned int height;
        unsigned int depth;
    } tileExtent;
    unsigned int miptailFirstLevel;
    unsigned long long miptailSize;
    unsigned int flags;
    unsigned int reserved[4];
};
struct cudaArrayMemoryRequirements {
    size_t size;
    size_t alignment;
    unsigned int reserved[4];
};
struct cudaMemcpyNodeParams {
    int flags;
    int reserved[3];
    struct cudaMemcpy3DParms copyParams;
};
struct cudaMemcpy3DPeerParms {
    cudaArray_t srcArray;
    struct cudaPos srcPos;
    struct cudaPitchedPtr srcPtr;
    int srcDevice;
    cudaArray_t dstArray;
    struct cudaPos dstPos;
    struct cudaPitchedPtr dstPtr;
    int dstDevice;
    struct cudaExtent extent;
};
struct cudaMemsetParams {
    void * dst;
    size_t pitch;
    unsigned int value;
    unsigned int elementSize;
    size_t width;
    size_t height;
};
struct cudaMemsetParamsV2 {
    void * dst;
    size_t pitch;
    unsigned int value;
    unsigned int elementSize;
    size_t width;
    size_t height;
};
struct cudaAccessPolicyWindow {
    void * base_ptr;
    size_t num_bytes;
    float hitRatio;
    enum cudaAccessProperty hitProp;
    enum cudaAccessProperty missProp;
};
struct cudaHostNodeParams {
    cudaHostFn_t fn;
    void * userData;
};
struct cudaHostNodeParamsV2 {
    cudaHostFn_t fn;
    void * userData;
};
struct cudaResourceViewDesc {
    enum cudaResourceViewFormat format;
    size_t width;
    size_t height;
    size_t depth;
    unsigned int firstMipmapLevel;
    unsigned int lastMipmapLevel;
    unsigned int firstLayer;
    unsigned int lastLayer;
    unsigned int reserved[16];
};
struct cudaMemLocation {
    enum cudaMemLocationType type;
    int id;
};
struct cudaMemAccessDesc {
    struct cudaMemLocation location;
    enum cudaMemAccessFlags flags;
};
struct cudaMemPoolProps {
    enum cudaMemAllocationType allocType;
    enum cudaMemAllocationHandleType handleTypes;
    struct cudaMemLocation location;
    void * win32SecurityAttributes;
    size_t maxSize;
    unsigned short usage;
    unsigned char reserved[54];
};
struct cudaMemPoolPtrExportData {
    unsigned char reserved[64];
};
struct cudaMemAllocNodeParams {
    struct cudaMemPoolProps poolProps;
    const struct cudaMemAccessDesc * accessDescs;
    size_t accessDescCount;
    size_t bytesize;
    void * dptr;
};
struct cudaMemAllocNodeParamsV2 {
    struct cudaMemPoolProps poolProps;
    const struct cudaMemAccessDesc * accessDescs;
    size_t accessDescCount;
    size_t bytesize;
    void * dptr;
};
struct cudaMemFreeNodeParams {
    void * dptr;
};
struct cudaMemcpyAttributes {
    enum cudaMemcpySrcAccessOrder srcAccessOrder;
    struct cudaMemLocation srcLocHint;
    struct cudaMemLocation dstLocHint;
    unsigned int flags;
};
struct cudaOffset3D {
    size_t x;
    size_t y;
    size_t z;
};
struct cudaMemcpy3DOperand {
    enum cudaMemcpy3DOperandType type;
    union {
        struct {
            void * ptr;
            size_t rowLength;
            size_t layerHeight;
            struct cudaMemLocation locHint;
        } ptr;
        struct {
            cudaArray_t array;
            struct cudaOffset3D offset;
        } array;
    } op;
};
struct cudaMemcpy3DBatchOp {
    struct cudaMemcpy3DOperand src;
    struct cudaMemcpy3DOperand dst;
    struct cudaExtent extent;
    enum cudaMemcpySrcAccessOrder srcAccessOrder;
    unsigned int flags;
};
struct CUuuid_st; /* cuda.h defines it */
typedef struct CUuuid_st CUuuid;
typedef struct CUuuid_st cudaUUID_t;
struct cudaMemFabricHandle_st {
    char reserved[64];
};
typedef struct cudaMemFabricHandle_st cudaMemFabricHandle_t;
struct cudaExternalMemoryHandleDesc {
    enum cudaExternalMemoryHandleType type;
    union {
        int fd;
        struct {
            void * handle;
            const void * name;
        } win32;
        const void * nvSciBufObject;
    } handle;
    unsigned long long size;
    unsigned int flags;
    unsigned int reserved[16];
};
struct cudaExternalMemoryBufferDesc {
    unsigned long long offset;
    unsigned long long size;
    unsigned int flags;
    unsigned int reserved[16];
};
struct cudaExternalMemoryMipmappedArrayDesc {
    unsigned long long offset;
    struct cudaChannelFormatDesc formatDesc;
    struct cudaExtent extent;
    unsigned int flags;
    unsigned int numLevels;
    unsigned int reserved[16];
};
struct cudaExternalSemaphoreHandleDesc {
    enum cudaExternalSemaphoreHandleType type;
    union {
        int fd;
        struct {
            void * handle;
            const void * name;
        } win32;
        const void * nvSciSyncObj;
    } handle;
    unsigned int flags;
    unsigned int reserved[16];
};
struct cudaExternalSemaphoreSignalParams {
    struct {
        struct {
            unsigned long long value;
        } fence;
        union {
            void * fence;
            unsigned long long reserved;
        } nvSciSync;
        struct {
            unsigned long long key;
        } keyedMutex;
        unsigned int reserved[12];
    } params;
    unsigned int flags;
    unsigned int reserved[16];
};
struct cudaExternalSemaphoreWaitParams {
    struct {
        struct {
            unsigned long long value;
        } fence;
        union {
            void * fence;
            unsigned long long reserved;
        } nvSciSync;
        struct {
            unsigned long long key;
            unsigned int timeoutMs;
        } keyedMutex;
        unsigned int reserved[10];
    } params;
    unsigned int flags;
    unsigned int reserved[16];
};
typedef struct CUexternalMemory_st * cudaExternalMemory_t;
typedef struct CUexternalSemaphore_st * cudaExternalSemaphore_t;
typedef struct CUgraphNode_st * cudaGraphNode_t;
typedef struct CUuserObject_st * cudaUserObject_t;
typedef struct CUfunc_st * cudaFunction_t;
typedef struct CUkern_st * cudaKernel_t;
struct cudalibraryHostUniversalFunctionAndDataTable {
    void * functionTable;
    size_t functionWindowSize;
    void * dataTable;
    size_t dataWindowSize;
};
typedef struct CUlib_st * cudaLibrary_t;
typedef struct CUmemPoolHandle_st * cudaMemPool_t;
struct cudaKernelNodeParams {
    void * func;
    dim3 gridDim;
    dim3 blockDim;
    unsigned int sharedMemBytes;
    void ** kernelParams;
    void ** extra;
};
struct cudaKernelNodeParamsV2 {
    void * func;
    dim3 gridDim;
    dim3 blockDim;
    unsigned int sharedMemBytes;
    void ** kernelParams;
    void ** extra;
};
struct cudaExternalSemaphoreSignalNodeParams {
    cudaExternalSemaphore_t * extSemArray;
    const struct cudaExternalSemaphoreSignalParams * paramsArray;
    unsigned int numExtSems;
};
struct cudaExternalSemaphoreSignalNodeParamsV2 {
    cudaExternalSemaphore_t * extSemArray;
    const struct cudaExternalSemaphoreSignalParams * paramsArray;
    unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParams {
    cudaExternalSemaphore_t * extSemArray;
    const struct cudaExternalSemaphoreWaitParams * paramsArray;
    unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParamsV2 {
    cudaExternalSemaphore_t * extSemArray;
    const struct cudaExternalSemaphoreWaitParams * paramsArray;
    unsigned int numExtSems;
};
struct cudaConditionalNodeParams {
    cudaGraphConditionalHandle handle;
    enum cudaGraphConditionalNodeType type;
    unsigned int size;
    cudaGraph_t * phGraph_out;
};
struct cudaChildGraphNodeParams {
    cudaGraph_t graph;
    enum cudaGraphChildGraphNodeOwnership ownership;
};
struct cudaEventRecordNodeParams {
    cudaEvent_t event;
};
struct cudaEventWaitNodeParams {
    cudaEvent_t event;
};
struct cudaGraphNodeParams {
    enum cudaGraphNodeType type;
    int reserved0[3];
    union {
        long long reserved1[29];
        struct cudaKernelNodeParamsV2 kernel;
        struct cudaMemcpyNodeParams memcpy;
        struct cudaMemsetParamsV2 memset;
        struct cudaHostNodeParamsV2 host;
        struct cudaChildGraphNodeParams graph;
        struct cudaEventWaitNodeParams eventWait;
        struct cudaEventRecordNodeParams eventRecord;
        struct cudaExternalSemaphoreSignalNodeParamsV2 extSemSignal;
        struct cudaExternalSemaphoreWaitNodeParamsV2 extSemWait;
        struct cudaMemAllocNodeParamsV2 alloc;
        struct cudaMemFreeNodeParams free;
        struct cudaConditionalNodeParams conditional;
    } ;
    long long reserved2;
};
struct cudaGraphEdgeData_st {
    unsigned char from_port;
    unsigned char to_port;
    unsigned char type;
    unsigned char reserved[5];
};
typedef struct cudaGraphEdgeData_st cudaGraphEdgeData;
struct cudaGraphInstantiateParams_st {
    unsigned long long flags;
    cudaStream_t uploadStream;
    cudaGraphNode_t errNode_out;
    cudaGraphInstantiateResult result_out;
};
typedef struct cudaGraphInstantiateParams_st cudaGraphInstantiateParams;
struct cudaGraphExecUpdateResultInfo_st {
    enum cudaGraphExecUpdateResult result;
    cudaGraphNode_t errorNode;
    cudaGraphNode_t errorFromNode;
};
typedef struct cudaGraphExecUpdateResultInfo_st cudaGraphExecUpdateResultInfo;
typedef struct CUgraphDeviceUpdatableNode_st * cudaGraphDeviceNode_t;
struct cudaGraphKernelNodeUpdate {
    cudaGraphDeviceNode_t node;
    enum cudaGraphKernelNodeField field;
    union {
        dim3 gridDim;
        struct {
            const void * pValue;
            size_t offset;
            size_t size;
        } param;
        unsigned int isEnabled;
    } updateData;
};
struct cudaLaunchMemSyncDomainMap_st {
    unsigned char default_;
    unsigned char remote;
};
typedef struct cudaLaunchMemSyncDomainMap_st cudaLaunchMemSyncDomainMap;
union cudaLaunchAttributeValue {
    char pad[64];
    struct cudaAccessPolicyWindow accessPolicyWindow;
    int cooperative;
    enum cudaSynchronizationPolicy syncPolicy;
    struct {
        unsigned int x;
        unsigned int y;
        unsigned int z;
    } clusterDim;
    enum cudaClusterSchedulingPolicy clusterSchedulingPolicyPreference;
    int programmaticStreamSerializationAllowed;
    struct {
        cudaEvent_t event;
        int flags;
        int triggerAtBlockStart;
    } programmaticEvent;
    int priority;
    cudaLaunchMemSyncDomainMap memSyncDomainMap;
    cudaLaunchMemSyncDomain memSyncDomain;
    struct {
        unsigned int x;
        unsigned int y;
        unsigned int z;
    } preferredClusterDim;
    struct {
        cudaEvent_t event;
        int flags;
    } launchCompletionEvent;
    struct {
        int deviceUpdatable;
        cudaGraphDeviceNode_t devNode;
    } deviceUpdatableKernelNode;
    unsigned int sharedMemCarveout;
    unsigned int nvlinkUtilCentricScheduling;
};
typedef union cudaLaunchAttributeValue cudaLaunchAttributeValue;
struct cudaLaunchAttribute_st {
    cudaLaunchAttributeID id;
    char pad[4];
    cudaLaunchAttributeValue val;
};
typedef struct cudaLaunchAttribute_st cudaLaunchAttribute;
struct cudaLaunchConfig_st {
    dim3 gridDim;
    dim3 blockDim;
    size_t dynamicSmemBytes;
    cudaStream_t stream;
    cudaLaunchAttribute * attrs;
    unsigned int numAttrs;
};
typedef struct cudaLaunchConfig_st cudaLaunchConfig_t;
typedef struct cudaAsyncCallbackEntry * cudaAsyncCallbackHandle_t;
struct cudaAsyncNotificationInfo {
    cudaAsyncNotificationType type;
    union {
        struct {
            unsigned long long bytesOverBudget;
        } overBudget;
    } info;
};
typedef struct cudaAsyncNotificationInfo cudaAsyncNotificationInfo_t;
typedef __typeof__(void (*)(cudaAsyncNotificationInfo_t *, void *, cudaAsyncCallbackHandle_t)) cudaAsyncCallback;
typedef struct CUlogsCallbackEntry_st * cudaLogsCallbackHandle;
typedef unsigned int cudaLogIterator;
typedef __typeof__(void (*)(void *, cudaLogLevel, char *, size_t)) cudaLogsCallback_t;
extern "C" {
cudaError_t cudaDeviceGetLimit(size_t *, enum cudaLimit);
cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(size_t *, const struct cudaChannelFormatDesc *, int);
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *);
cudaError_t cudaDeviceGetStreamPriorityRange(int *, int *);
cudaError_t cudaDeviceGetByPCIBusId(int *, const char *);
cudaError_t cudaDeviceGetPCIBusId(char *, int, int);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *, cudaEvent_t);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *, cudaIpcEventHandle_t);
cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(enum cudaFlushGPUDirectRDMAWritesTarget, enum cudaFlushGPUDirectRDMAWritesScope);
cudaError_t cudaDeviceRegisterAsyncNotification(int, cudaAsyncCallback, void *, cudaAsyncCallbackHandle_t *);
cudaError_t cudaDeviceUnregisterAsyncNotification(int, cudaAsyncCallbackHandle_t);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *);
cudaError_t cudaDeviceGetHostAtomicCapabilities(unsigned int *, const enum cudaAtomicOperation *, unsigned int, int);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *, int);
cudaError_t cudaDeviceSetMemPool(int, cudaMemPool_t);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *, int);
cudaError_t cudaDeviceGetNvSciSyncAttributes(void *, int, int);
cudaError_t cudaDeviceGetP2PAttribute(int *, enum cudaDeviceP2PAttr, int, int);
cudaError_t cudaDeviceGetP2PAtomicCapabilities(unsigned int *, const enum cudaAtomicOperation *, unsigned int, int, int);
cudaError_t cudaChooseDevice(int *, const struct cudaDeviceProp *);
cudaError_t cudaInitDevice(int, unsigned int, unsigned int);
cudaError_t cudaSetValidDevices(int *, int);
cudaError_t cudaGetDeviceFlags(unsigned int *);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *, unsigned int, int);
cudaError_t cudaStreamGetPriority(cudaStream_t, int *);
cudaError_t cudaStreamGetFlags(cudaStream_t, unsigned int *);
cudaError_t cudaStreamGetId(cudaStream_t, unsigned long long *);
cudaError_t cudaStreamGetDevice(cudaStream_t, int *);
cudaError_t cudaCtxResetPersistingL2Cache(void);
cudaError_t cudaStreamCopyAttributes(cudaStream_t, cudaStream_t);
cudaError_t cudaStreamGetAttribute(cudaStream_t, cudaLaunchAttributeID, cudaLaunchAttributeValue *);
cudaError_t cudaStreamSetAttribute(cudaStream_t, cudaLaunchAttributeID, const cudaLaunchAttributeValue *);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t, void *, size_t = 0, unsigned int = 4);
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t, cudaGraph_t, const cudaGraphNode_t *, const cudaGraphEdgeData *, size_t, enum cudaStreamCaptureMode);
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *);
cudaError_t cudaStreamIsCapturing(cudaStream_t, enum cudaStreamCaptureStatus *);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t, enum cudaStreamCaptureStatus *, unsigned long long * = 0, cudaGraph_t * = 0, const cudaGraphNode_t ** = 0, const cudaGraphEdgeData ** = 0, size_t * = 0);
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t, cudaGraphNode_t *, const cudaGraphEdgeData *, size_t, unsigned int = 0);
cudaError_t cudaEventRecordWithFlags(cudaEvent_t, cudaStream_t = 0, unsigned int = 0);
cudaError_t cudaImportExternalMemory(cudaExternalMemory_t *, const struct cudaExternalMemoryHandleDesc *);
cudaError_t cudaExternalMemoryGetMappedBuffer(void **, cudaExternalMemory_t, const struct cudaExternalMemoryBufferDesc *);
cudaError_t cudaExternalMemoryGetMappedMipmappedArray(cudaMipmappedArray_t *, cudaExternalMemory_t, const struct cudaExternalMemoryMipmappedArrayDesc *);
cudaError_t cudaDestroyExternalMemory(cudaExternalMemory_t);
cudaError_t cudaImportExternalSemaphore(cudaExternalSemaphore_t *, const struct cudaExternalSemaphoreHandleDesc *);
cudaError_t cudaSignalExternalSemaphoresAsync(const cudaExternalSemaphore_t *, const struct cudaExternalSemaphoreSignalParams *, unsigned int, cudaStream_t = 0);
cudaError_t cudaWaitExternalSemaphoresAsync(const cudaExternalSemaphore_t *, const struct cudaExternalSemaphoreWaitParams *, unsigned int, cudaStream_t = 0);
cudaError_t cudaDestroyExternalSemaphore(cudaExternalSemaphore_t);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *, const void *, void **);
cudaError_t cudaFuncGetName(const char **, const void *);
cudaError_t cudaFuncGetParamInfo(const void *, size_t, size_t *, size_t *);
cudaError_t cudaFuncSetSharedMemConfig(const void *, enum cudaSharedMemConfig);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *, const void *, int, int);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *, const void *, int, size_t, unsigned int);
cudaError_t cudaOccupancyMaxPotentialClusterSize(int *, const void *, const cudaLaunchConfig_t *);
cudaError_t cudaOccupancyMaxActiveClusters(int *, const void *, const cudaLaunchConfig_t *);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t);
cudaError_t cudaHostGetFlags(unsigned int *, void *);
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *, const struct cudaChannelFormatDesc *, struct cudaExtent, unsigned int, unsigned int = 0);
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *, cudaMipmappedArray_const_t, unsigned int);
cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *, cudaStream_t = 0);
cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *, cudaStream_t = 0);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *, struct cudaExtent *, unsigned int *, cudaArray_t);
cudaError_t cudaArrayGetPlane(cudaArray_t *, cudaArray_t, unsigned int);
cudaError_t cudaArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *, cudaArray_t, int);
cudaError_t cudaMipmappedArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *, cudaMipmappedArray_t, int);
cudaError_t cudaArrayGetSparseProperties(struct cudaArraySparseProperties *, cudaArray_t);
cudaError_t cudaMipmappedArrayGetSparseProperties(struct cudaArraySparseProperties *, cudaMipmappedArray_t);
cudaError_t cudaMemcpy2DFromArray(void *, size_t, cudaArray_const_t, size_t, size_t, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t, size_t, size_t, cudaArray_const_t, size_t, size_t, size_t, size_t, enum cudaMemcpyKind = cudaMemcpyDeviceToDevice);
cudaError_t cudaMemcpyPeerAsync(void *, int, const void *, int, size_t, cudaStream_t = 0);
cudaError_t cudaMemcpyBatchAsync(void *const *, const void *const *, const size_t *, size_t, struct cudaMemcpyAttributes *, size_t *, size_t, cudaStream_t);
cudaError_t cudaMemcpy3DBatchAsync(size_t, struct cudaMemcpy3DBatchOp *, unsigned long long, cudaStream_t);
cudaError_t cudaMemcpy2DAsync(void *, size_t, const void *, size_t, size_t, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t, size_t, size_t, const void *, size_t, size_t, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemcpy2DFromArrayAsync(void *, size_t, cudaArray_const_t, size_t, size_t, size_t, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemcpyToSymbolAsync(const void *, const void *, size_t, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemcpyFromSymbolAsync(void *, const void *, size_t, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemset2D(void *, size_t, int, size_t, size_t);
cudaError_t cudaMemset3D(struct cudaPitchedPtr, int, struct cudaExtent);
cudaError_t cudaMemset2DAsync(void *, size_t, int, size_t, size_t, cudaStream_t = 0);
cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr, int, struct cudaExtent, cudaStream_t = 0);
cudaError_t cudaGetSymbolSize(size_t *, const void *);
cudaError_t cudaMemPrefetchBatchAsync(void **, size_t *, size_t, struct cudaMemLocation *, size_t *, size_t, unsigned long long, cudaStream_t);
cudaError_t cudaMemDiscardBatchAsync(void **, size_t *, size_t, unsigned long long, cudaStream_t);
cudaError_t cudaMemDiscardAndPrefetchBatchAsync(void **, size_t *, size_t, struct cudaMemLocation *, size_t *, size_t, unsigned long long, cudaStream_t);
cudaError_t cudaMemRangeGetAttribute(void *, size_t, enum cudaMemRangeAttribute, const void *, size_t);
cudaError_t cudaMemRangeGetAttributes(void **, size_t *, enum cudaMemRangeAttribute *, size_t, const void *, size_t);
cudaError_t cudaMemcpyFromArray(void *, cudaArray_const_t, size_t, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaMemcpyArrayToArray(cudaArray_t, size_t, size_t, cudaArray_const_t, size_t, size_t, size_t, enum cudaMemcpyKind = cudaMemcpyDeviceToDevice);
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t, size_t, size_t, const void *, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemcpyFromArrayAsync(void *, cudaArray_const_t, size_t, size_t, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t, size_t);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t, enum cudaMemPoolAttr, void *);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t, enum cudaMemPoolAttr, void *);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t, const struct cudaMemAccessDesc *, size_t);
cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *, cudaMemPool_t, struct cudaMemLocation *);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *, const struct cudaMemPoolProps *);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t);
cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *, struct cudaMemLocation *, enum cudaMemAllocationType);
cudaError_t cudaMemGetMemPool(cudaMemPool_t *, struct cudaMemLocation *, enum cudaMemAllocationType);
cudaError_t cudaMemSetMemPool(struct cudaMemLocation *, enum cudaMemAllocationType, cudaMemPool_t);
cudaError_t cudaMallocFromPoolAsync(void **, size_t, cudaMemPool_t, cudaStream_t);
cudaError_t cudaMemPoolExportToShareableHandle(void *, cudaMemPool_t, enum cudaMemAllocationHandleType, unsigned int);
cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *, void *, enum cudaMemAllocationHandleType, unsigned int);
cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *, void *);
cudaError_t cudaMemPoolImportPointer(void **, cudaMemPool_t, struct cudaMemPoolPtrExportData *);
cudaError_t cudaDeviceDisablePeerAccess(int);
cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t);
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t, unsigned int);
cudaError_t cudaGraphicsMapResources(int, cudaGraphicsResource_t *, cudaStream_t = 0);
cudaError_t cudaGraphicsUnmapResources(int, cudaGraphicsResource_t *, cudaStream_t = 0);
cudaError_t cudaGraphicsResourceGetMappedPointer(void **, size_t *, cudaGraphicsResource_t);
cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *, cudaGraphicsResource_t, unsigned int, unsigned int);
cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *, cudaGraphicsResource_t);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *, cudaArray_const_t);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *, cudaTextureObject_t);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *, cudaTextureObject_t);
cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *, cudaTextureObject_t);
cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *, cudaSurfaceObject_t);
cudaError_t cudaLogsRegisterCallback(cudaLogsCallback_t, void *, cudaLogsCallbackHandle *);
cudaError_t cudaLogsUnregisterCallback(cudaLogsCallbackHandle);
cudaError_t cudaLogsCurrent(cudaLogIterator *, unsigned int);
cudaError_t cudaLogsDumpToFile(cudaLogIterator *, const char *, unsigned int);
cudaError_t cudaLogsDumpToMemory(cudaLogIterator *, char *, size_t *, unsigned int);
cudaError_t cudaGraphCreate(cudaGraph_t *, unsigned int);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, const struct cudaKernelNodeParams *);
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t, struct cudaKernelNodeParams *);
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t, const struct cudaKernelNodeParams *);
cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t, cudaGraphNode_t);
cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t, cudaLaunchAttributeID, cudaLaunchAttributeValue *);
cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t, cudaLaunchAttributeID, const cudaLaunchAttributeValue *);
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, const struct cudaMemcpy3DParms *);
cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, const void *, const void *, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, void *, const void *, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, void *, const void *, size_t, enum cudaMemcpyKind);
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t, struct cudaMemcpy3DParms *);
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t, const struct cudaMemcpy3DParms *);
cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t, const void *, const void *, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t, void *, const void *, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t, void *, const void *, size_t, enum cudaMemcpyKind);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, const struct cudaMemsetParams *);
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t, struct cudaMemsetParams *);
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t, const struct cudaMemsetParams *);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, const struct cudaHostNodeParams *);
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t, struct cudaHostNodeParams *);
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t, const struct cudaHostNodeParams *);
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, cudaGraph_t);
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t, cudaGraph_t *);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t);
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, cudaEvent_t);
cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t, cudaEvent_t *);
cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t, cudaEvent_t);
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, cudaEvent_t);
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t, cudaEvent_t *);
cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t, cudaEvent_t);
cudaError_t cudaGraphAddExternalSemaphoresSignalNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, const struct cudaExternalSemaphoreSignalNodeParams *);
cudaError_t cudaGraphExternalSemaphoresSignalNodeGetParams(cudaGraphNode_t, struct cudaExternalSemaphoreSignalNodeParams *);
cudaError_t cudaGraphExternalSemaphoresSignalNodeSetParams(cudaGraphNode_t, const struct cudaExternalSemaphoreSignalNodeParams *);
cudaError_t cudaGraphAddExternalSemaphoresWaitNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, const struct cudaExternalSemaphoreWaitNodeParams *);
cudaError_t cudaGraphExternalSemaphoresWaitNodeGetParams(cudaGraphNode_t, struct cudaExternalSemaphoreWaitNodeParams *);
cudaError_t cudaGraphExternalSemaphoresWaitNodeSetParams(cudaGraphNode_t, const struct cudaExternalSemaphoreWaitNodeParams *);
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, struct cudaMemAllocNodeParams *);
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t, struct cudaMemAllocNodeParams *);
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, void *);
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t, void *);
cudaError_t cudaDeviceGraphMemTrim(int);
cudaError_t cudaDeviceGetGraphMemAttribute(int, enum cudaGraphMemAttributeType, void *);
cudaError_t cudaDeviceSetGraphMemAttribute(int, enum cudaGraphMemAttributeType, void *);
cudaError_t cudaGraphClone(cudaGraph_t *, cudaGraph_t);
cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *, cudaGraphNode_t, cudaGraph_t);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t, enum cudaGraphNodeType *);
cudaError_t cudaGraphGetNodes(cudaGraph_t, cudaGraphNode_t *, size_t *);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t, cudaGraphNode_t *, size_t *);
cudaError_t cudaGraphGetEdges(cudaGraph_t, cudaGraphNode_t *, cudaGraphNode_t *, cudaGraphEdgeData *, size_t *);
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t, cudaGraphNode_t *, cudaGraphEdgeData *, size_t *);
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t, cudaGraphNode_t *, cudaGraphEdgeData *, size_t *);
cudaError_t cudaGraphAddDependencies(cudaGraph_t, const cudaGraphNode_t *, const cudaGraphNode_t *, const cudaGraphEdgeData *, size_t);
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t, const cudaGraphNode_t *, const cudaGraphNode_t *, const cudaGraphEdgeData *, size_t);
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t);
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *, cudaGraph_t, unsigned long long = 0);
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *, cudaGraph_t, cudaGraphInstantiateParams *);
cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t, unsigned long long *);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaKernelNodeParams *);
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaMemcpy3DParms *);
cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t, cudaGraphNode_t, const void *, const void *, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t, cudaGraphNode_t, void *, const void *, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t, cudaGraphNode_t, void *, const void *, size_t, enum cudaMemcpyKind);
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaMemsetParams *);
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaHostNodeParams *);
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, cudaGraph_t);
cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t, cudaGraphNode_t, cudaEvent_t);
cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t, cudaGraphNode_t, cudaEvent_t);
cudaError_t cudaGraphExecExternalSemaphoresSignalNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaExternalSemaphoreSignalNodeParams *);
cudaError_t cudaGraphExecExternalSemaphoresWaitNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaExternalSemaphoreWaitNodeParams *);
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t, cudaGraphNode_t, unsigned int);
cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t, cudaGraphNode_t, unsigned int *);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t, cudaGraph_t, cudaGraphExecUpdateResultInfo *);
cudaError_t cudaGraphUpload(cudaGraphExec_t, cudaStream_t);
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t, const char *, unsigned int);
cudaError_t cudaUserObjectCreate(cudaUserObject_t *, void *, cudaHostFn_t, unsigned int, unsigned int);
cudaError_t cudaUserObjectRetain(cudaUserObject_t, unsigned int = 1);
cudaError_t cudaUserObjectRelease(cudaUserObject_t, unsigned int = 1);
cudaError_t cudaGraphRetainUserObject(cudaGraph_t, cudaUserObject_t, unsigned int = 1, unsigned int = 0);
cudaError_t cudaGraphReleaseUserObject(cudaGraph_t, cudaUserObject_t, unsigned int = 1);
cudaError_t cudaGraphAddNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, const cudaGraphEdgeData *, size_t, struct cudaGraphNodeParams *);
cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t, struct cudaGraphNodeParams *);
cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, struct cudaGraphNodeParams *);
cudaError_t cudaGetDriverEntryPoint(const char *, void **, unsigned long long, enum cudaDriverEntryPointQueryResult *);
cudaError_t cudaGetDriverEntryPointByVersion(const char *, void **, unsigned int, unsigned long long, enum cudaDriverEntryPointQueryResult *);
cudaError_t cudaLibraryLoadData(cudaLibrary_t *, const void *, enum cudaJitOption *, void **, unsigned int, enum cudaLibraryOption *, void **, unsigned int);
cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *, const char *, enum cudaJitOption *, void **, unsigned int, enum cudaLibraryOption *, void **, unsigned int);
cudaError_t cudaLibraryUnload(cudaLibrary_t);
cudaError_t cudaLibraryGetKernel(cudaKernel_t *, cudaLibrary_t, const char *);
cudaError_t cudaLibraryGetGlobal(void **, size_t *, cudaLibrary_t, const char *);
cudaError_t cudaLibraryGetManaged(void **, size_t *, cudaLibrary_t, const char *);
cudaError_t cudaLibraryGetUnifiedFunction(void **, cudaLibrary_t, const char *);
cudaError_t cudaLibraryGetKernelCount(unsigned int *, cudaLibrary_t);
cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *, unsigned int, cudaLibrary_t);
cudaError_t cudaKernelSetAttributeForDevice(cudaKernel_t, enum cudaFuncAttribute, int, int);
cudaError_t cudaGetExportTable(const void **, const cudaUUID_t *);
cudaError_t cudaGetFuncBySymbol(cudaFunction_t *, const void *);
cudaError_t cudaGetKernel(cudaKernel_t *, const void *);
}
/* END declarations written by scripts/served-from-toolkit */
