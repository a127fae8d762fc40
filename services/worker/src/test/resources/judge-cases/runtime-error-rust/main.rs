fn main() {
    std::process::exit(3);
}
