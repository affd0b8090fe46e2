import { commonTexts, fieldMessages, limits, profilePictureTexts, profileTexts } from '@intergen/domain';
import {
  Avatar,
  Box,
  Button,
  Group,
  Image,
  Input,
  LoadingOverlay,
  Modal,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useOwnProfile } from '../../../lib/own-profile';
import { useUploadProfileImage } from '../api/upload-profile-image';

/** The picture formats the server reads (it checks the content, this only guides the file chooser). */
const acceptedTypes = { 'image/jpeg': [], 'image/png': [], 'image/webp': [], 'image/gif': [] };

/**
 * The profile picture upload dialog (spec 000 §2): choose or drop one picture; over 512000 bytes it is
 * refused here with the spec's message before anything is sent; otherwise it is uploaded and the new
 * 400×400 picture is shown. Usable anywhere the own profile is loaded.
 */
function ProfileImageDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const upload = useUploadProfileImage();
  const { data: profile } = useOwnProfile();
  const [refused, setRefused] = useState<string | null>(null);

  const choose = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (file.size > limits.profileImageMaxBytes) {
      upload.reset();
      setRefused(fieldMessages.imageTooLarge);
      return;
    }
    setRefused(null);
    upload.mutate(file);
  };

  const reject = (rejections: FileRejection[]) => {
    const file = rejections[0]?.file;
    upload.reset();
    setRefused(
      file && file.size > limits.profileImageMaxBytes
        ? fieldMessages.imageTooLarge
        : profileTexts.imageUnreadable,
    );
  };

  const close = () => {
    if (upload.isPending) return;
    setRefused(null);
    upload.reset();
    onClose();
  };

  // The drop area serves the mouse; keyboard and screen-reader users choose with the button below.
  const dropzone = useDropzone({
    onDropAccepted: choose,
    onDropRejected: reject,
    accept: acceptedTypes,
    multiple: false,
    disabled: upload.isPending,
    noKeyboard: true,
  });

  const uploaded = upload.isSuccess ? upload.data.profile.data.profileImage : null;
  const error = refused ?? (upload.isError ? errorMessage(upload.error) : null);

  return (
    <Modal opened={opened} onClose={close} title={profilePictureTexts.imageDialogTitle}>
      <Stack gap="md">
        <ErrorAlert message={error} />
        {uploaded ? (
          <Stack align="center" gap="xs">
            <Image
              src={uploaded.url}
              alt={profilePictureTexts.imageAlt(profile?.name ?? '')}
              w={200}
              h={200}
              radius="md"
              fit="cover"
            />
            <Text size="sm" role="status">
              {profilePictureTexts.imageUploaded}
            </Text>
          </Stack>
        ) : null}
        <Box
          {...dropzone.getRootProps({ tabIndex: -1 })}
          className="ig-dropzone"
          data-active={dropzone.isDragActive || undefined}
          pos="relative"
        >
          <input {...dropzone.getInputProps({ 'aria-label': profilePictureTexts.imageUpload })} />
          <LoadingOverlay visible={upload.isPending} />
          <Stack align="center" gap="xs" py="lg" style={{ pointerEvents: 'none' }}>
            <IconPhoto size={40} aria-hidden="true" stroke={1.5} />
            <Text ta="center" fw={600}>
              {profilePictureTexts.imageDropHint}
            </Text>
            <Text ta="center" size="sm" c="dimmed">
              {profilePictureTexts.imageRules}
            </Text>
          </Stack>
        </Box>
        {upload.isPending ? (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">{profilePictureTexts.imageUploading}</Text>
            <Progress value={100} animated striped aria-label={profilePictureTexts.imageUploading} />
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden="true" />}
            onClick={dropzone.open}
            disabled={upload.isPending}
          >
            {uploaded || profile?.data.profileImage
              ? profilePictureTexts.imageChange
              : profilePictureTexts.imageUpload}
          </Button>
          <Button onClick={close} disabled={upload.isPending}>
            {commonTexts.done}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The profile picture field of the extras step: the current picture, a button opening the upload dialog,
 * and the field's message.
 */
export function ProfileImageField({
  label,
  error,
  onVisited,
}: {
  label: string;
  error?: string | undefined;
  onVisited?: () => void;
}) {
  const { data: profile } = useOwnProfile();
  const [opened, { open, close }] = useDisclosure(false);
  const image = profile?.data.profileImage ?? null;
  return (
    <Input.Wrapper label={label} withAsterisk error={error} id="profile-image-field" labelElement="div">
      <Group gap="md" mt="xs" wrap="nowrap">
        <Avatar
          src={image?.url ?? null}
          alt={image ? profilePictureTexts.imageAlt(profile?.name ?? '') : ''}
          size={80}
          radius="md"
        />
        <Button
          variant="default"
          onClick={open}
          aria-describedby={error ? 'profile-image-field-error' : undefined}
          leftSection={<IconUpload size={16} aria-hidden="true" />}
        >
          {image ? profilePictureTexts.imageChange : profilePictureTexts.imageUpload}
        </Button>
      </Group>
      <ProfileImageDialog
        opened={opened}
        onClose={() => {
          close();
          onVisited?.();
        }}
      />
    </Input.Wrapper>
  );
}
