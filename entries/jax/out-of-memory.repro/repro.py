# Without preallocation, asks JAX (XLA) for a 1 TB array on the GPU.
import os
os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"
import jax, jax.numpy as jnp
print(jax.devices())
x = jnp.ones((10**12,), dtype=jnp.uint8)
x.block_until_ready()
