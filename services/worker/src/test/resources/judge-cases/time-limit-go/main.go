package main

func main() {
	for i := 0; ; i = (i + 1) % 1000 {
	}
}
