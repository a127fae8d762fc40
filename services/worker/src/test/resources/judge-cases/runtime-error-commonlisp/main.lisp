(sb-ext:exit :code 3)
