"""Counting a policy's decisions and their instructions (`seiya bench --instructions`).

In a build made with SEIYA_COUNT_DECISIONS=1 (its own kernel folder: sim/engine/cache.py), each
question the rules ask a policy (sim/engine/policies/interface.py) counts itself in the game's
G_DECISIONS, and turns callgrind's collection on while it is answered, by a valgrind client
request: a few instructions that do nothing outside valgrind. A question asked inside an answer
(the search policy's rollouts, on a copy of the state) is part of that answer. In every other
build both kernels are empty, and numba copies nothing into the questions.
"""
import platform

import llvmlite.binding as llvm
from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic

from sim.engine.cache import counting_decisions
from sim.engine.jit import inline_kernel
from sim.engine.state import G_DECIDING, G_DECISIONS

COUNTING = counting_decisions()
if COUNTING:
    if platform.machine() not in ("x86_64", "AMD64"):
        raise RuntimeError("counting decisions under callgrind needs an x86-64 machine")
    llvm.initialize_native_asmparser()  # numba's JIT assembles inline asm only with it

# valgrind/callgrind.h: VG_USERREQ__TOGGLE_COLLECT, VG_USERREQ_TOOL_BASE('C', 'T') + 2
_TOGGLE_COLLECT = (ord("C") << 24) | (ord("T") << 16) | 2
# valgrind/valgrind.h, amd64: rotating rdi by 128 bits in all is the marker valgrind looks for;
# it then answers the request whose arguments rax points to
_CLIENT_REQUEST = ("rolq $$3, %rdi ; rolq $$13, %rdi\n\trolq $$61, %rdi ; rolq $$51, %rdi\n\t"
                   "xchgq %rbx, %rbx")


@intrinsic
def toggle_collect(typingctx):
    """callgrind starts counting instructions if it was not, or stops if it was."""
    def codegen(context, builder, signature, args):
        word = ir.IntType(64)
        request = cgutils.alloca_once(builder, word, size=6)
        for i, value in enumerate((_TOGGLE_COLLECT, 0, 0, 0, 0, 0)):
            builder.store(word(value), builder.gep(request, [word(i)]))
        asm = ir.FunctionType(word, [word.as_pointer(), word])
        builder.asm(asm, _CLIENT_REQUEST, "={dx},{ax},0,~{cc},~{memory}", [request, word(0)], side_effect=True)
        return context.get_dummy_value()
    return types.void(), codegen


if COUNTING:
    @inline_kernel
    def decision_begins(s):
        if s.g[G_DECIDING] == 0:
            toggle_collect()
        s.g[G_DECIDING] += 1

    @inline_kernel
    def decision_ends(s):
        s.g[G_DECIDING] -= 1
        if s.g[G_DECIDING] == 0:
            toggle_collect()
            s.g[G_DECISIONS] += 1
else:
    @inline_kernel
    def decision_begins(s):
        pass

    @inline_kernel
    def decision_ends(s):
        pass
