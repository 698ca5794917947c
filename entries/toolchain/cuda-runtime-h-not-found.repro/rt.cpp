// A host-side extension source that uses the CUDA runtime API, as most extension .cpp files do.
#include <Python.h>
#include <cuda_runtime.h>

static PyObject* count(PyObject*, PyObject*) {
  int n = 0;
  cudaError_t err = cudaGetDeviceCount(&n);
  return Py_BuildValue("(is)", n, cudaGetErrorName(err));
}
static PyMethodDef methods[] = {{"count", count, METH_NOARGS, NULL}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef rt_module = {PyModuleDef_HEAD_INIT, "rt_ext", NULL, -1, methods};
PyMODINIT_FUNC PyInit_rt_ext(void) { return PyModule_Create(&rt_module); }
