import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from './use-page-title';

export interface LegalSection {
  title: string;
  body: string;
}

/** A short legal text: title, last-updated line and sections. */
export function LegalDocument({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: LegalSection[];
}) {
  usePageTitle(title);
  return (
    <Paper withBorder p="xl" maw={760} mx="auto" component="article">
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="lg">
        {updated}
      </Text>
      <Stack gap="lg">
        {sections.map((section) => (
          <section key={section.title}>
            <Title order={2} fz="h4" mb={6}>
              {section.title}
            </Title>
            <Text>{section.body}</Text>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
