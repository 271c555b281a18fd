import type { ContactBody } from '@contract/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useSendContactMessage() {
  return useMutation({ mutationFn: (body: ContactBody) => api<{ id: number }>('/contact', { body }) });
}
