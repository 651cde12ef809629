// KafkaJS over a secured kbroker listener: produce N messages, consume them in a group, commit.
// Settings come as JSON in argv[2]; prints one JSON line with what was read and committed.
const { Kafka, logLevel } = require("kafkajs");
const fs = require("fs");

async function main() {
  const s = JSON.parse(process.argv[2]);
  const config = { clientId: "kafkajs-interop", brokers: [s.bootstrap], logLevel: logLevel.WARN };
  if (s.ca) config.ssl = { ca: [fs.readFileSync(s.ca, "utf-8")], cert: s.cert && fs.readFileSync(s.cert, "utf-8"), key: s.key && fs.readFileSync(s.key, "utf-8") };
  if (s.mechanism) config.sasl = { mechanism: s.mechanism, username: s.username, password: s.password };
  const kafka = new Kafka(config);
  const producer = kafka.producer({ allowAutoTopicCreation: true });
  await producer.connect();
  const messages = [];
  for (let i = 0; i < s.n; i++) messages.push({ value: `m${i}`, partition: 0 });
  await producer.send({ topic: s.topic, acks: -1, messages });
  await producer.disconnect();
  const consumer = kafka.consumer({ groupId: s.group, sessionTimeout: 10000 });
  await consumer.connect();
  await consumer.subscribe({ topic: s.topic, fromBeginning: true });
  const got = [];
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timed out reading")), 30000);
    consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic, partition, message }) => {
        got.push(message.value.toString());
        if (got.length === s.n) {
          await consumer.commitOffsets([{ topic, partition, offset: (Number(message.offset) + 1).toString() }]);
          clearTimeout(timer);
          resolve();
        }
      },
    }).catch(reject);
  });
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchOffsets({ groupId: s.group, topics: [s.topic] });
  await admin.disconnect();
  await consumer.disconnect();
  console.log(JSON.stringify({ got, committed: Number(offsets[0].partitions[0].offset) }));
}

main().catch((e) => {
  console.log(JSON.stringify({ error: `${e.name}: ${e.message}` }));
  process.exit(1);
});
