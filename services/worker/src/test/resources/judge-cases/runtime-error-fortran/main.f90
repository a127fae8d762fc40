program fail
  stop 3
end program fail
