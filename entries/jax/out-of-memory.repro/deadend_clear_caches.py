# Dead end "call jax.clear_caches() or gc.collect() and retry": live arrays hold the memory (each step keeps its
# 4 GiB), so the retry fails exactly as before.
import gc
import jax
import jax.numpy as jnp
keep = []


def step():
    keep.append(jnp.ones((4 * 2**30,), dtype=jnp.uint8).block_until_ready())


try:
    while True:
        step()
except Exception as exc:                                        # jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED
    print(f"after {len(keep)} steps:", type(exc).__name__, str(exc).splitlines()[0][:300], flush=True)
jax.clear_caches()
gc.collect()
print("jax.clear_caches() and gc.collect() called; retrying the same step", flush=True)
step()
print("not reached")
