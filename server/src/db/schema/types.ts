import { customType } from 'drizzle-orm/pg-core';

/** Binary content (images), as a Buffer on both engines. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
