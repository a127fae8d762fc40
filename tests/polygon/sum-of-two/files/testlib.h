// the setter's own header
