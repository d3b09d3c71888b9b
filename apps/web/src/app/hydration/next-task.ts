/** Resolves in a new task (a message to itself, as React's scheduler does; timers may be throttled or faked). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
