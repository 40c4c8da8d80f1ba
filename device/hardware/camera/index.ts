// Camera sources behind one interface: the Pi camera, a USB camera, a folder of images, an upload.
export { CameraError, looksLikeImage, type CameraSource, type CameraErrorCode } from './types.ts';
export { PiCamera, parseAwbGains, type PiCameraOptions } from './pi-camera.ts';
export { UsbCamera, type UsbCameraOptions } from './usb-camera.ts';
export { FolderCamera } from './folder-camera.ts';
export { UploadCamera, MAX_UPLOAD_BYTES } from './upload-camera.ts';
export { MjpegSplitter } from './mjpeg-splitter.ts';
