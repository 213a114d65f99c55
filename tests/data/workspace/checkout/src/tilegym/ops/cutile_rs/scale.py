_KERNEL = "scale"
