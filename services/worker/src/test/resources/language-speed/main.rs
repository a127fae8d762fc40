use std::io::{BufRead, BufReader};

fn main() {
    let total: i64 = BufReader::new(std::io::stdin().lock())
        .lines()
        .map(|line| line.unwrap().trim().parse::<i64>().unwrap())
        .sum();
    println!("{total}");
}
