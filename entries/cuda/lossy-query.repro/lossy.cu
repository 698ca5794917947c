// cuda/lossy-query: edge query without edge data on a graph with a programmatic edge
#include "common.h"
__global__ void k1() {}
__global__ void k2() {}
int main() {
    cudaGraph_t g; R(cudaGraphCreate(&g, 0));
    cudaGraphNode_t a, b;
    cudaKernelNodeParams p = {}; p.blockDim = dim3(1); p.gridDim = dim3(1);
    p.func = (void *)k1; R(cudaGraphAddKernelNode(&a, g, nullptr, 0, &p));
    p.func = (void *)k2; R(cudaGraphAddKernelNode(&b, g, nullptr, 0, &p));
    cudaGraphEdgeData ed = {};
    ed.from_port = cudaGraphKernelNodePortProgrammatic;
    ed.type = cudaGraphDependencyTypeProgrammatic;
    R(cudaGraphAddDependencies(g, &a, &b, &ed, 1));
    size_t n = 0;
    R(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &n)); printf("edges n=%zu\n", n);
    cudaGraphNode_t from[4], to[4]; cudaGraphEdgeData eds[4]; n = 4;
    R(cudaGraphGetEdges(g, from, to, nullptr, &n));
    n = 4; R(cudaGraphGetEdges(g, from, to, eds, &n)); printf("edges n=%zu type=%d from_port=%d\n", n, (int)eds[0].type, (int)eds[0].from_port);
    cudaGraphNode_t deps[4]; n = 4;
    R(cudaGraphNodeGetDependencies(b, deps, nullptr, &n));
    n = 4; R(cudaGraphNodeGetDependencies(b, deps, eds, &n));
    return 0;
}
