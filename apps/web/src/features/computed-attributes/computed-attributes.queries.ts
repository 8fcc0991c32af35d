import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComputedAttributeInput } from '@waymark/contracts/computed-attribute';
import {
  createComputedAttribute,
  deleteComputedAttribute,
  fetchComputedAttributes,
  testExpression,
  updateComputedAttribute,
} from './computed-attributes.api';

/** Query keys of the computed attributes feature; every key starts with `computedAttributeKeys.all`. */
const computedAttributeKeys = {
  all: ['computedAttributes'] as const,
  list: () => [...computedAttributeKeys.all, 'list'] as const,
};

export const useComputedAttributesQuery = () =>
  useQuery({ queryKey: computedAttributeKeys.list(), queryFn: fetchComputedAttributes });

export function useSaveComputedAttributeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ComputedAttributeInput }) =>
      id === undefined ? createComputedAttribute(input) : updateComputedAttribute(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: computedAttributeKeys.all }),
  });
}

export function useDeleteComputedAttributeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComputedAttribute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: computedAttributeKeys.all }),
  });
}

export const useTestExpressionMutation = () => useMutation({ mutationFn: testExpression });
