// Functions, calls and a while loop.
func.func private @step(i32) -> i32

func.func @iterate(%start: i32, %limit: i32) -> i32 {
  %r = scf.while (%x = %start) : (i32) -> i32 {
    %lt = arith.cmpi slt, %x, %limit : i32
    scf.condition(%lt) %x : i32
  } do {
  ^bb0(%y: i32):
    %next = func.call @step(%y) : (i32) -> i32
    scf.yield %next : i32
  }
  return %r : i32
}
