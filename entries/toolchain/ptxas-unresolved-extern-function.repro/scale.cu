// The device function main.cu calls, compiled separately.
__device__ float scale(float v) { return 2.0f * v; }
