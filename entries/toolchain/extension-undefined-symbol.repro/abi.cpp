// An extension that uses one libtorch (c10) function taking a std::string: TORCH_CHECK's failure path calls
// c10::detail::torchCheckFail(const char*, const char*, uint32_t, const std::string&). The mangled name of that
// symbol depends on the C++ standard library ABI (_GLIBCXX_USE_CXX11_ABI) the extension was compiled with.
#include <Python.h>
#include <c10/util/Exception.h>

static PyObject* check(PyObject*, PyObject* arg) {
  long v = PyLong_AsLong(arg);
  try {
    TORCH_CHECK(v >= 0, "value must be non-negative, got ", v);
  } catch (const c10::Error& e) {  // a C++ exception must not cross the CPython boundary
    PyErr_SetString(PyExc_RuntimeError, e.what_without_backtrace());
    return NULL;
  }
  return PyLong_FromLong(v);
}
static PyMethodDef methods[] = {{"check", check, METH_O, NULL}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef abi_module = {PyModuleDef_HEAD_INIT, "abi_ext", NULL, -1, methods};
PyMODINIT_FUNC PyInit_abi_ext(void) { return PyModule_Create(&abi_module); }
