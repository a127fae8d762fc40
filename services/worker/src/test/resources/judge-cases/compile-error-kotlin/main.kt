fun main() {
    println(undeclaredName)
}
