import CloseRounded from '@mui/icons-material/CloseRounded';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Customer, CustomerTagsUpdate, Tag } from '@receivables/contracts';

import { tagChipColours } from '../../../lib/tag-colours';
import { useNotify } from '../../../lib/use-notify';
import { useTags } from '../api/get-tags';
import { useUpdateCustomerTags } from '../api/update-customer-tags';

import { CustomerSectionCard } from './customer-section-card';
import { TagPicker, type TagChoice } from './tag-picker';


function TagChip({ tag, onRemove, disabled }: { tag: Tag; onRemove: () => void; disabled: boolean }) {
  return (
    <Chip
      component="li"
      label={
        <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
          <span>{tag.name}</span>
          {/* A real button inside a plain chip, so the x is a tab stop with its own name. */}
          <IconButton
            size="small"
            aria-label={`Remove tag ${tag.name}`}
            onClick={onRemove}
            disabled={disabled}
            sx={{ color: 'inherit', p: 0.25, mr: -0.75 }}
          >
            <CloseRounded sx={{ fontSize: 16 }} />
          </IconButton>
        </Stack>
      }
      sx={{ maxWidth: '100%', ...tagChipColours(tag.colour) }}
    />
  );
}

/** The customer's tags; every change sends the whole new set. */
export function CustomerTagsCard({ customer }: { customer: Customer }) {
  const notify = useNotify();
  const tags = useTags();
  const update = useUpdateCustomerTags(customer.id);

  const save = (next: CustomerTagsUpdate['tags'], done: string) => {
    update.mutate({ tags: next }, {
      onSuccess: () => notify(done, 'success'),
      onError: (error) => notify(`Could not change the tags: ${error.message}`, 'error'),
    });
  };
  const current = customer.tags.map((tag) => ({ id: tag.id }));
  const add = (choice: TagChoice) => {
    if ('id' in choice && customer.tags.some((t) => t.id === choice.id)) return;
    save([...current, 'id' in choice ? { id: choice.id } : { name: choice.name }], `Tag “${choice.name}” added`);
  };
  const remove = (tag: Tag) => save(current.filter((t) => t.id !== tag.id), `Tag “${tag.name}” removed`);

  const all = tags.data?.rows ?? [];
  const onCustomer = new Set(customer.tags.map((t) => t.id));
  return (
    <CustomerSectionCard title="Tags">
      {customer.tags.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No tags yet.
        </Typography>
      ) : (
        <Stack component="ul" aria-label="Tags" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, mb: 2, p: 0 }}>
          {customer.tags.map((tag) => (
            <TagChip key={tag.id} tag={tag} onRemove={() => remove(tag)} disabled={update.isPending} />
          ))}
        </Stack>
      )}
      <TagPicker
        available={all.filter((t) => !onCustomer.has(t.id))}
        all={all}
        loading={tags.isPending}
        disabled={update.isPending}
        onPick={add}
      />
    </CustomerSectionCard>
  );
}
