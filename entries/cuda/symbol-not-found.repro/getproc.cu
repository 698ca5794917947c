// cuGetProcAddress / cudaGetDriverEntryPointByVersion with a name the driver does not have: which code comes back?
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>
int main() {
  const char *name;
  printf("cuInit -> %d\n", (int)cuInit(0));
  for (const char *sym : {"cuNoSuchFunction", "cuMemAlloc"}) {
    void *pfn = (void *)0x1;
    CUdriverProcAddressQueryResult st = (CUdriverProcAddressQueryResult)-1;
    CUresult r = cuGetProcAddress(sym, &pfn, 13000, CU_GET_PROC_ADDRESS_DEFAULT, &st);
    cuGetErrorName(r, &name);
    printf("cuGetProcAddress(\"%s\", 13000) -> %d %s, pfn %s, symbolStatus %d\n", sym, (int)r, name,
           pfn ? "non-NULL" : "NULL", (int)st);
    void *rpfn = (void *)0x1;
    cudaDriverEntryPointQueryResult q = (cudaDriverEntryPointQueryResult)-1;
    cudaError_t e = cudaGetDriverEntryPointByVersion(sym, &rpfn, 13000, cudaEnableDefault, &q);
    printf("cudaGetDriverEntryPointByVersion(\"%s\", 13000) -> %d %s, pfn %s, queryResult %d\n", sym, (int)e,
           cudaGetErrorName(e), rpfn ? "non-NULL" : "NULL", (int)q);
  }
  printf("(CU_GET_PROC_ADDRESS_SUCCESS=%d, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND=%d)\n",
         (int)CU_GET_PROC_ADDRESS_SUCCESS, (int)CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  return 0;
}
