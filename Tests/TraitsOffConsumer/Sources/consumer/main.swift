import ConsumerKit

for line in try consumerReport() { print(line) }
