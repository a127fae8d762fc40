loop {}
