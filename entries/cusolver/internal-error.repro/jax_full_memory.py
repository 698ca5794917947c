"""JAX's cuSOLVER handle on a GPU whose memory XLA has already taken: XLA_PYTHON_CLIENT_MEM_FRACTION=0.99 (set by
the command line) leaves almost nothing for the handle, which is allocated outside XLA's pool; then the first
decomposition (jnp.linalg.qr) needs the handle. Prints what JAX raises, or OK."""
import os
import sys

import jax
import jax.numpy as jnp

print("jax", jax.__version__, "devices", jax.devices(), "XLA_PYTHON_CLIENT_MEM_FRACTION",
      os.environ.get("XLA_PYTHON_CLIENT_MEM_FRACTION"))
x = jnp.ones((1024, 1024)) + 1  # first op: XLA takes its pool
try:
    q, r = jnp.linalg.qr(jnp.eye(4) + 1)
    q.block_until_ready()
    print("jnp.linalg.qr: OK")
    sys.exit(0)
except Exception as exc:  # noqa: BLE001
    print(f"jnp.linalg.qr: {type(exc).__module__}.{type(exc).__name__}: {exc}")
    sys.exit(1)
