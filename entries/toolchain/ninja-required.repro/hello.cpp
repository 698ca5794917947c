// A minimal extension module (plain CPython API, no torch headers, so it compiles in about a second).
#include <Python.h>
static struct PyModuleDef hello_module = {PyModuleDef_HEAD_INIT, "hello_ext", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_hello_ext(void) { return PyModule_Create(&hello_module); }
