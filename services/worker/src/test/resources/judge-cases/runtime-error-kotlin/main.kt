import kotlin.system.exitProcess

fun main() {
    exitProcess(3)
}
