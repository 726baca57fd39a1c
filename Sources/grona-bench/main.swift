print("grona-bench")
