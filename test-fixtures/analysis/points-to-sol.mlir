// Interprocedural points-to and escape analysis on hand-written sol IR (--test-points-to).
// Each function is a Solidity shape; the comment above it says what Solidity does and so
// which allocations must escape (and why) and which may be freed when dead.
// RUN: lifeline-opt %s --test-points-to -o /dev/null 2>&1 | FileCheck %s

!A = !sol.array<? x ui256, Memory>
!AA = !sol.array<? x !sol.array<? x ui256, Memory>, Memory>
!S = !sol.struct<(ui256, !sol.array<? x ui256, Memory>), Memory>
module {
  sol.contract @Esc attributes {kind = "contract"} {

    // function nest(uint n) internal returns (uint[][] memory o) {
    //   uint[] memory a = new uint[](n); o = new uint[][](n); o[0] = a; uint[] memory t = new uint[](n); t.length; }
    // `a` is reachable from the returned array of arrays; `t` is only read.
    // CHECK-LABEL: Testing : "nest"
    // CHECK-NEXT: summary: params(captured: -) results(0: fresh) paramContents() freshContents(fresh)
    // CHECK-NEXT: alloc %mem: contents {}: escapes: returned (stored into an element of %mem_0 (array of arrays) by sol.store{{.*}}, which is returned by sol.return
    // CHECK-NEXT: alloc %mem_0: contents {alloc %mem}: escapes: returned (returned by sol.return
    // CHECK-NEXT: alloc %mem_1: contents {}: local
    sol.func @nest(%n: ui256) -> !AA attributes {state_mutability = "pure", visibility = "internal"} {
      %a = sol.malloc size(%n : ui256) zero_init : !A
      %o = sol.malloc size(%n : ui256) zero_init : !AA
      %c0 = sol.constant 0 : ui256
      %p = sol.gep %o[%c0] : !AA, ui256 -> !sol.ptr<!A, Memory>
      sol.store %a, %p : !sol.ptr<!A, Memory>
      %t = sol.malloc size(%n : ui256) zero_init : !A
      %l = sol.length %t : !A
      sol.return %o : !AA
    }

    // The same nest built in an external function, then ABI-encoded, hashed and emitted:
    // reads, not escapes; an external function's return value is ABI-encoded (E1').
    // CHECK-LABEL: Testing : "nestLocal" entry
    // CHECK-NEXT: summary:
    // CHECK-NEXT: alloc %mem: contents {}: local
    // CHECK-NEXT: alloc %mem_0: contents {alloc %mem}: local
    // CHECK-NEXT: alloc %1: contents {}: local
    sol.func @nestLocal(%n: ui256) -> !AA attributes {selector = "0x00000001", state_mutability = "pure", visibility = "external"} {
      %a = sol.malloc size(%n : ui256) zero_init : !A
      %o = sol.malloc size(%n : ui256) zero_init : !AA
      %c0 = sol.constant 0 : ui256
      %p = sol.gep %o[%c0] : !AA, ui256 -> !sol.ptr<!A, Memory>
      sol.store %a, %p : !sol.ptr<!A, Memory>
      %e = sol.encode (%o) : (!AA) -> !sol.string<Memory>
      %h = sol.keccak256 %e : !sol.string<Memory>
      sol.emit "E(uint256[][])" (%o : !AA) {selector = "0x00000000"}
      sol.return %o : !AA
    }

    // function setFirst(uint[][] memory a, uint[] memory x) internal { a[0] = x; }
    // The callee stores argument 1 into argument 0's memory (S3): not a capture.
    // CHECK-LABEL: Testing : "setFirst"
    // CHECK-NEXT: summary: params(captured: -) results() paramContents(0: params[1]) freshContents(-)
    // The argument's own object holds the caller's inner memory (O2) and, after the store, %x.
    // CHECK-NEXT: param %arg0: contents {param %arg0 (inner), param %arg1}: escapes: stored
    // CHECK-NEXT: param %arg0 (inner): contents {param %arg0 (inner)}: escapes: stored (is the caller's memory (argument %arg0))
    // CHECK-NEXT: param %arg1: contents {}: escapes: {{.*}}stored (stored into the caller's memory (argument %arg0) by sol.store
    sol.func @setFirst(%a: !AA, %x: !A) attributes {state_mutability = "pure", visibility = "internal"} {
      %c0 = sol.constant 0 : ui256
      %p = sol.gep %a[%c0] : !AA, ui256 -> !sol.ptr<!A, Memory>
      sol.store %x, %p : !sol.ptr<!A, Memory>
      sol.return
    }

    // uint[][] memory aa = new uint[][](1); uint[] memory x = new uint[](1); setFirst(aa, x);
    // Both stay in this call: the store happens into local memory (contents(aa) gets x).
    // CHECK-LABEL: Testing : "useSet" entry
    // CHECK-NEXT: summary:
    // CHECK-NEXT: alloc %mem: contents {alloc %mem_0}: local
    // CHECK-NEXT: alloc %mem_0: contents {}: local
    sol.func @useSet(%n: ui256) attributes {selector = "0x00000002", state_mutability = "pure", visibility = "external"} {
      %aa = sol.malloc size(%n : ui256) zero_init : !AA
      %x = sol.malloc size(%n : ui256) zero_init : !A
      sol.call @setFirst(%aa, %x) : (!AA, !A) -> ()
      sol.return
    }

    // function leak(uint[][] memory q) internal { setFirst(q, new uint[](1)); }
    // x ends up in the caller's array: it escapes through the callee's store into argument 0.
    // CHECK-LABEL: Testing : "leak"
    // CHECK-NEXT: summary: params(captured: -) results() paramContents(0: fresh) freshContents(-)
    // CHECK: alloc %mem: contents {}: escapes: stored (stored into the caller's memory (argument %arg0) by sol.call
    sol.func @leak(%q: !AA) attributes {state_mutability = "pure", visibility = "internal"} {
      %c1 = sol.constant 1 : ui256
      %x = sol.malloc size(%c1 : ui256) zero_init : !A
      sol.call @setFirst(%q, %x) : (!AA, !A) -> ()
      sol.return
    }

    // function mk() internal returns (S memory) { return S(1, new uint[](1)); }
    // function useMk() external returns (uint) { return mk().x; }
    // The callee's memory comes back as the call object; in useMk it dies there.
    // CHECK-LABEL: Testing : "mk"
    // CHECK-NEXT: summary: params(captured: -) results(0: fresh) paramContents() freshContents(fresh)
    // CHECK-LABEL: Testing : "useMk" entry
    // CHECK-NEXT: summary:
    // CHECK-NEXT: call @mk (%0): contents {call @mk (%0)}: local
    sol.func @mk() -> !S attributes {state_mutability = "pure", visibility = "internal"} {
      %c1 = sol.constant 1 : ui256
      %inner = sol.malloc size(%c1 : ui256) zero_init : !A
      %s = sol.malloc : !S
      %c0 = sol.constant 0 : ui64
      %f0 = sol.gep %s[%c0] : !S, ui64 -> !sol.ptr<ui256, Memory>
      sol.store %c1, %f0 : !sol.ptr<ui256, Memory>
      %c1m = sol.constant 1 : ui64
      %f1 = sol.gep %s[%c1m] : !S, ui64 -> !sol.ptr<!A, Memory>
      sol.store %inner, %f1 : !sol.ptr<!A, Memory>
      sol.return %s : !S
    }
    sol.func @useMk() -> ui256 attributes {selector = "0x00000003", state_mutability = "pure", visibility = "external"} {
      %s = sol.call @mk() : () -> !S
      %c0 = sol.constant 0 : ui64
      %f0 = sol.gep %s[%c0] : !S, ui64 -> !sol.ptr<ui256, Memory>
      %v = sol.load %f0 : !sol.ptr<ui256, Memory>
      sol.return %v : ui256
    }

    // function firstOf(uint[][] memory a) internal returns (uint[][] memory o) {
    //   if (a.length == 0) return a; o = new uint[][](1); o[0] = a[0]; }
    // m = new uint[][](n); m[0] = x; r = firstOf(m): r is m or the fresh array, which holds
    // x (m's element) but never m itself (S6) — so after the call m is only read through r.
    // CHECK-LABEL: Testing : "firstOf"
    // CHECK-NEXT: summary: params(captured: -) results(0: fresh params[0]) paramContents() freshContents(params[0])
    // CHECK-LABEL: Testing : "useFirstOf" entry
    // CHECK-NEXT: summary:
    // CHECK-NEXT: alloc %mem: contents {alloc %mem_0}: local
    // CHECK-NEXT: alloc %mem_0: contents {}: local
    // CHECK-NEXT: call @firstOf (%1): contents {alloc %mem_0}: local
    // CHECK-NEXT: pts r: {alloc %mem, call @firstOf (%1)}
    sol.func @firstOf(%a: !AA) -> !AA attributes {state_mutability = "pure", visibility = "internal"} {
      %n = sol.length %a : !AA
      %c0 = sol.constant 0 : ui256
      %z = sol.cmp eq, %n, %c0 : ui256
      sol.if %z {
        sol.return %a : !AA
      } else {
        sol.yield
      }
      %c1 = sol.constant 1 : ui256
      %o = sol.malloc size(%c1 : ui256) zero_init : !AA
      %src = sol.gep %a[%c0] : !AA, ui256 -> !sol.ptr<!A, Memory>
      %e = sol.load %src : !sol.ptr<!A, Memory>
      %dst = sol.gep %o[%c0] : !AA, ui256 -> !sol.ptr<!A, Memory>
      sol.store %e, %dst : !sol.ptr<!A, Memory>
      sol.return %o : !AA
    }
    sol.func @useFirstOf(%n: ui256) -> ui256 attributes {selector = "0x00000009", state_mutability = "pure", visibility = "external"} {
      %m = sol.malloc size(%n : ui256) zero_init : !AA
      %x = sol.malloc size(%n : ui256) zero_init : !A
      %c0 = sol.constant 0 : ui256
      %p = sol.gep %m[%c0] : !AA, ui256 -> !sol.ptr<!A, Memory>
      sol.store %x, %p : !sol.ptr<!A, Memory>
      %r = sol.call @firstOf(%m) {test.ptr = "r"} : (!AA) -> !AA
      %l = sol.length %r : !AA
      sol.return %l : ui256
    }

    // function pass(uint[] memory a) internal returns (uint[] memory) { return a; }
    // uint[] memory m = new uint[](n); uint[] memory r = pass(m); r[0] (m only read through r).
    // CHECK-LABEL: Testing : "pass"
    // CHECK-NEXT: summary: params(captured: -) results(0: params[0]) paramContents() freshContents(-)
    // CHECK-LABEL: Testing : "usePass" entry
    // CHECK-NEXT: summary:
    // CHECK-NEXT: alloc %mem: contents {}: local
    // CHECK-NEXT: pts r: {alloc %mem}
    sol.func @pass(%a: !A) -> !A attributes {state_mutability = "pure", visibility = "internal"} {
      sol.return %a : !A
    }
    sol.func @usePass(%n: ui256) -> ui256 attributes {selector = "0x00000004", state_mutability = "pure", visibility = "external"} {
      %m = sol.malloc size(%n : ui256) zero_init : !A
      %r = sol.call @pass(%m) {test.ptr = "r"} : (!A) -> !A
      %c0 = sol.constant 0 : ui256
      %p = sol.gep %r[%c0] : !A, ui256 -> !sol.ptr<ui256, Memory>
      %v = sol.load %p : !sol.ptr<ui256, Memory>
      sol.return %v : ui256
    }

    // function pick(bool c, uint n) internal returns (uint[] memory) { return c ? new uint[](n) : new uint[](1); }
    // Both arms are returned through the ternary.
    // CHECK-LABEL: Testing : "pick"
    // CHECK-NEXT: summary: params(captured: -) results(0: fresh) paramContents() freshContents(-)
    // CHECK-NEXT: alloc %mem#0: contents {}: escapes: returned (returned by sol.return{{.*}}, merged with alloc %mem#1 at sol.if
    // CHECK-NEXT: alloc %mem#1: contents {}: escapes: returned (returned by sol.return{{.*}}, merged with alloc %mem#0 at sol.if
    sol.func @pick(%c: i1, %n: ui256) -> !A attributes {state_mutability = "pure", visibility = "internal"} {
      %r = sol.if %c -> (!A) {
        %a = sol.malloc size(%n : ui256) zero_init : !A
        sol.yield %a : !A
      } else {
        %c1 = sol.constant 1 : ui256
        %b = sol.malloc size(%c1 : ui256) zero_init : !A
        sol.yield %b : !A
      }
      sol.return %r : !A
    }

    // function mix(bool c, uint[][] memory q) internal { uint[] memory a = new uint[](1);
    //   uint[] memory b = new uint[](1); q[0] = c ? a : b; b.length; }
    // Storing the ternary into the caller's array lets both arms escape.
    // CHECK-LABEL: Testing : "mix"
    // CHECK-NEXT: summary: params(captured: -) results() paramContents(1: fresh) freshContents(-)
    // CHECK: alloc %mem: contents {}: escapes: stored (stored into the caller's memory (argument %arg1) by sol.store
    // CHECK-NEXT: alloc %mem_0: contents {}: escapes: stored (stored into the caller's memory (argument %arg1) by sol.store
    sol.func @mix(%c: i1, %q: !AA) attributes {state_mutability = "pure", visibility = "internal"} {
      %c1 = sol.constant 1 : ui256
      %a = sol.malloc size(%c1 : ui256) zero_init : !A
      %b = sol.malloc size(%c1 : ui256) zero_init : !A
      %r = sol.if %c -> (!A) {
        sol.yield %a : !A
      } else {
        sol.yield %b : !A
      }
      %c0 = sol.constant 0 : ui256
      %p = sol.gep %q[%c0] : !AA, ui256 -> !sol.ptr<!A, Memory>
      sol.store %r, %p : !sol.ptr<!A, Memory>
      %l = sol.length %b : !A
      sol.return
    }

    // function carry(uint n) internal returns (uint[] memory acc) {
    //   acc = new uint[](1); for (uint i = 0; i < n; i++) { uint[] memory t = new uint[](i); acc = t; } }
    // The loop-carried pointer in the slot may be either allocation; both are returned.
    // CHECK-LABEL: Testing : "carry"
    // CHECK-NEXT: summary: params(captured: -) results(0: fresh) paramContents() freshContents(-)
    // CHECK-NEXT: slot %slot: contents {alloc %mem, alloc %mem_2}: local
    // CHECK-NEXT: alloc %mem: contents {}: escapes: returned
    // CHECK-NEXT: slot %slot_0: contents {}: local
    // CHECK-NEXT: alloc %mem_2: contents {}: escapes: returned
    sol.func @carry(%n: ui256) -> !A attributes {state_mutability = "pure", visibility = "internal"} {
      %acc = sol.alloca : !sol.ptr<!A, Stack>
      %c1 = sol.constant 1 : ui256
      %m0 = sol.malloc size(%c1 : ui256) zero_init : !A
      sol.store %m0, %acc : !sol.ptr<!A, Stack>
      %i = sol.alloca : !sol.ptr<ui256, Stack>
      %c0 = sol.constant 0 : ui256
      sol.store %c0, %i : !sol.ptr<ui256, Stack>
      sol.for cond {
        %iv = sol.load %i : !sol.ptr<ui256, Stack>
        %lt = sol.cmp lt, %iv, %n : ui256
        sol.condition %lt
      } body {
        %iv = sol.load %i : !sol.ptr<ui256, Stack>
        %t = sol.malloc size(%iv : ui256) zero_init : !A
        sol.store %t, %acc : !sol.ptr<!A, Stack>
        sol.yield
      } step {
        %iv = sol.load %i : !sol.ptr<ui256, Stack>
        %nx = sol.add checked %iv, %c1 : ui256
        sol.store %nx, %i : !sol.ptr<ui256, Stack>
        sol.yield
      }
      %r = sol.load %acc : !sol.ptr<!A, Stack>
      sol.return %r : !A
    }

    // function rec(uint[] memory a, uint n) internal returns (uint[] memory) {
    //   if (n == 0) return a; return rec(new uint[](n), n - 1); }
    // The result is the argument or memory allocated by some recursive activation.
    // CHECK-LABEL: Testing : "rec"
    // CHECK-NEXT: summary: params(captured: -) results(0: fresh params[0]) paramContents() freshContents(-)
    // CHECK-NEXT: param %arg0: contents {}: escapes:
    // CHECK-NEXT: alloc %mem: contents {}: escapes: returned
    // CHECK-NEXT: call @rec (%2): contents {}: escapes: returned
    sol.func @rec(%a: !A, %n: ui256) -> !A attributes {state_mutability = "pure", visibility = "internal"} {
      %c0 = sol.constant 0 : ui256
      %z = sol.cmp eq, %n, %c0 : ui256
      sol.if %z {
        sol.return %a : !A
      }
      %m = sol.malloc size(%n : ui256) zero_init : !A
      %c1 = sol.constant 1 : ui256
      %n1 = sol.sub checked %n, %c1 : ui256
      %r = sol.call @rec(%m, %n1) : (!A, ui256) -> !A
      sol.return %r : !A
    }

    // function fill(uint[][] memory a, uint n) internal { if (n == 0) return; a[n] = new uint[](n); fill(a, n - 1); }
    // Recursion that stores fresh memory into its argument: every activation's allocation escapes.
    // CHECK-LABEL: Testing : "fill"
    // CHECK-NEXT: summary: params(captured: -) results() paramContents(0: fresh) freshContents(fresh)
    // CHECK: alloc %mem: contents {}: escapes: stored (stored into the caller's memory (argument %arg0) by sol.store
    // CHECK-NEXT: call @fill: {{.*}}escapes: stored (stored into the caller's memory (argument %arg0) by sol.call
    sol.func @fill(%a: !AA, %n: ui256) attributes {state_mutability = "pure", visibility = "internal"} {
      %c0 = sol.constant 0 : ui256
      %z = sol.cmp eq, %n, %c0 : ui256
      sol.if %z {
        sol.return
      }
      %m = sol.malloc size(%n : ui256) zero_init : !A
      %p = sol.gep %a[%n] : !AA, ui256 -> !sol.ptr<!A, Memory>
      sol.store %m, %p : !sol.ptr<!A, Memory>
      %c1 = sol.constant 1 : ui256
      %n1 = sol.sub checked %n, %c1 : ui256
      sol.call @fill(%a, %n1) : (!AA, ui256) -> ()
      sol.return
    }

    // uint[] memory m = new uint[](n); assembly ("memory-safe") { mstore(add(m, 32), 1) }
    // Inline assembly may do anything with what it can name: the slot and what it holds.
    // CHECK-LABEL: Testing : "asmUse" entry
    // CHECK-NEXT: summary: params(captured: -) results() paramContents() freshContents(-)
    // CHECK-NEXT: alloc %mem: contents {}: escapes: inline-asm (stored into the local variable %slot by sol.store{{.*}}, which is used by inline assembly (sol.inline_asm
    // CHECK-NEXT: slot %slot: contents {alloc %mem}: escapes: inline-asm (used by inline assembly
    // CHECK-NEXT: alloc %mem_0: contents {}: local
    sol.func @asmUse(%n: ui256) attributes {selector = "0x00000005", state_mutability = "pure", visibility = "external"} {
      %m = sol.malloc size(%n : ui256) zero_init : !A
      %slot = sol.alloca : !sol.ptr<!A, Stack>
      sol.store %m, %slot : !sol.ptr<!A, Stack>
      %other = sol.malloc size(%n : ui256) zero_init : !A
      sol.inline_asm memory_safe (%slot : !sol.ptr<!A, Stack>) {yul = "mstore(add($0, 32), 1)"}
      sol.return
    }

    // Inline assembly that is not memory-safe makes its function opaque, and its callers.
    // CHECK-LABEL: Testing : "rawAsm" opaque: inline assembly that is not memory-safe
    // CHECK-NEXT: summary: params(captured: -) results() paramContents() freshContents(-) opaque
    // CHECK-LABEL: Testing : "callsRaw" opaque: calls "rawAsm", which is opaque
    sol.func @rawAsm() attributes {state_mutability = "pure", visibility = "internal"} {
      sol.inline_asm {yul = ""}
      sol.return
    }
    sol.func @callsRaw() attributes {state_mutability = "pure", visibility = "internal"} {
      sol.call @rawAsm() : () -> ()
      sol.return
    }
  }
}
