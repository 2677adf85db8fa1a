/** Catches a failed page load and names the chunk, with a way to try again. */
import { Alert, Button, Stack } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { messageById } from '../lib/i18n';
import { ChunkLoadError } from './lazyPage';

interface State {
  error: Error | null;
}

export class ChunkErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidUpdate(previous: { resetKey?: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const text = error instanceof ChunkLoadError ? messageById('chunk_load_failed', { chunk: error.chunk }) : messageById('server_error');
    return (
      <Stack gap="4" p="6" maxW="xl">
        <Alert.Root status="error" data-testid="chunk-error">
          <Alert.Indicator />
          <Alert.Description>{text}</Alert.Description>
        </Alert.Root>
        <Button alignSelf="flex-start" onClick={() => window.location.reload()}>
          <FormattedMessage id="shell.reload" />
        </Button>
      </Stack>
    );
  }
}
