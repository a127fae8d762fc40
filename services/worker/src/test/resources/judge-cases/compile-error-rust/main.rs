fn main() {
    println!("{}", undeclared_name);
}
