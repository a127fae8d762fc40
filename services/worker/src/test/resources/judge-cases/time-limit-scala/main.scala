object Main {
  def main(args: Array[String]): Unit = {
    var i = 0L
    while (i >= 0) i = (i + 1) % 1000
    println(i)
  }
}
