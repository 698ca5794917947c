// A trivial CUDA extension source: one kernel and a plain CPython module.
#include <Python.h>
__global__ void add_one(float* x) { x[threadIdx.x] += 1.0f; }
static struct PyModuleDef kern_module = {PyModuleDef_HEAD_INIT, "kern_ext", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_kern_ext(void) { return PyModule_Create(&kern_module); }
