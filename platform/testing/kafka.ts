/**
 * The Kafka broker of the suites that need one: TEST_KAFKA_BROKERS (`scripts/services/kafka.sh
 * start` prints it; `.ci/run` exports it), else a KRaft broker in a container through
 * testcontainers, else none and the suite is skipped saying why.
 */
import { Kafka, logLevel } from 'kafkajs';
import { serverSource } from './containers';

const IMAGE = process.env.KAFKA_IMAGE ?? 'confluentinc/cp-kafka:7.9.0';

export const kafkaServer = serverSource(
  'Kafka',
  'TEST_KAFKA_BROKERS',
  (value) =>
    value
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
  async () => {
    const { KafkaContainer } = await import('@testcontainers/kafka');
    const container = await new KafkaContainer(IMAGE).withKraft().start();
    return { value: [`${container.getHost()}:${container.getMappedPort(9093)}`], stop: () => container.stop() };
  },
);

export function testKafka(brokers: string[], clientId: string): Kafka {
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';
  return new Kafka({ clientId, brokers, logLevel: logLevel.NOTHING, retry: { retries: 8, initialRetryTime: 100, maxRetryTime: 2_000 } });
}
