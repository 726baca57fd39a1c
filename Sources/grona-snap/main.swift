print("grona-snap")
