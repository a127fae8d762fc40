object Main {
  def main(args: Array[String]): Unit = sys.exit(3)
}
